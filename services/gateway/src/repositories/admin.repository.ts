import type {
  ActiveStatusFilter,
  AdminDatasource,
  AdminDatasourceListQuery,
  AdminSubmission,
  AdminSubmissionListQuery,
  AdminTopic,
} from '@app/contracts';
import {
  type Language,
  type Platform,
  Prisma,
  type PrismaClient,
  platformFromId,
  platformToId,
} from '@app/db';

// Admin reads and writes (content spec §7): topics, datasources and source submissions.

type TopicRow = Prisma.TopicGetPayload<{ include: { _count: { select: { datasources: true } } } }>;
type DatasourceRow = Prisma.DatasourceGetPayload<{
  include: { topic: true; _count: { select: { posts: true } } };
}>;
type SubmissionRow = Prisma.SourceSubmissionGetPayload<{ include: { topic: true; user: true } }>;

function topicDto(row: TopicRow, postCount: number): AdminTopic {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    keywords: row.keywords,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    datasource_count: row._count.datasources,
    post_count: postCount,
  };
}

function datasourceDto(row: DatasourceRow): AdminDatasource {
  return {
    id: row.id,
    topic_id: row.topicId,
    platform: platformToId(row.platform),
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    language: row.language,
    is_active: row.isActive,
    config:
      row.config && typeof row.config === 'object' && !Array.isArray(row.config)
        ? (row.config as Record<string, unknown>)
        : {},
    last_crawled_at: row.lastCrawledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    // Spec §4: disabled when inactive, pending when active but never crawled, normal otherwise.
    status: !row.isActive ? 'disabled' : row.lastCrawledAt ? 'normal' : 'pending',
    post_count: row._count.posts,
    topic: { id: row.topic.id, name: row.topic.name, description: row.topic.description },
  };
}

function submissionDto(row: SubmissionRow): AdminSubmission {
  return {
    id: row.id,
    user_email: row.user?.email ?? null,
    topic_id: row.topicId,
    topic_name: row.topic?.name ?? null,
    topic_custom: row.topicCustom,
    platform: row.platform,
    platform_custom: row.platformCustom,
    url: row.url,
    status: row.status,
    review_note: row.reviewNote,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const activeWhere = (status: ActiveStatusFilter) =>
  status === 'active' ? { isActive: true } : status === 'paused' ? { isActive: false } : {};

const datasourceInclude = { topic: true, _count: { select: { posts: true } } } as const;

export type DatasourceWrite = {
  topicId: string;
  platform: Platform;
  sourceName: string;
  sourceUrl: string;
  language: Language;
  isActive: boolean;
  config: Prisma.InputJsonObject;
};

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

export function isForeignKeyViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';
}

export function createAdminRepository(prisma: PrismaClient) {
  async function postCountsByTopic(topicIds: string[]): Promise<Map<string, number>> {
    if (topicIds.length === 0) return new Map();
    const rows = await prisma.$queryRaw<{ topic_id: string; n: number }[]>`
      SELECT d.topic_id, count(p.id)::int AS n
      FROM datasources d JOIN posts p ON p.datasource_id = d.id
      WHERE d.topic_id = ANY(${topicIds}::uuid[])
      GROUP BY d.topic_id`;
    return new Map(rows.map((r) => [r.topic_id, r.n]));
  }

  async function topicWithCounts(id: string) {
    const row = await prisma.topic.findUnique({
      where: { id },
      include: { _count: { select: { datasources: true } } },
    });
    if (!row) return null;
    return topicDto(row, (await postCountsByTopic([id])).get(id) ?? 0);
  }

  const datasourceById = async (id: string) => {
    const row = await prisma.datasource.findUnique({ where: { id }, include: datasourceInclude });
    return row ? datasourceDto(row) : null;
  };

  return {
    // ── topics ──
    async listTopics(filter: { q?: string; status: ActiveStatusFilter; sort: 'name' | 'created_at' }) {
      const where: Prisma.TopicWhereInput = { ...activeWhere(filter.status) };
      if (filter.q) {
        where.OR = [
          { name: { contains: filter.q, mode: 'insensitive' } },
          { description: { contains: filter.q, mode: 'insensitive' } },
          { keywords: { has: filter.q } },
        ];
      }
      const rows = await prisma.topic.findMany({
        where,
        include: { _count: { select: { datasources: true } } },
        orderBy:
          filter.sort === 'name' ? [{ name: 'asc' }, { id: 'asc' }] : [{ createdAt: 'desc' }, { id: 'asc' }],
      });
      const posts = await postCountsByTopic(rows.map((r) => r.id));
      return rows.map((row) => topicDto(row, posts.get(row.id) ?? 0));
    },
    findTopic: topicWithCounts,
    async slugExists(slug: string) {
      return (await prisma.topic.count({ where: { slug } })) > 0;
    },
    async createTopic(data: {
      slug: string;
      name: string;
      description: string;
      keywords: string[];
      isActive: boolean;
    }) {
      const row = await prisma.topic.create({ data });
      return (await topicWithCounts(row.id))!;
    },
    async updateTopic(
      id: string,
      data: { name?: string; description?: string; keywords?: string[]; isActive?: boolean },
    ) {
      const { count } = await prisma.topic.updateMany({ where: { id }, data });
      return count === 0 ? null : topicWithCounts(id);
    },
    async deleteTopic(id: string) {
      const { count } = await prisma.topic.deleteMany({ where: { id } });
      return count > 0;
    },
    async setTopicsActive(ids: string[], isActive: boolean) {
      const { count } = await prisma.topic.updateMany({ where: { id: { in: ids } }, data: { isActive } });
      return count;
    },
    async topicState(id: string) {
      return prisma.topic.findUnique({ where: { id }, select: { id: true, isActive: true } });
    },
    async datasourceCountOfTopic(topicId: string) {
      return prisma.datasource.count({ where: { topicId } });
    },

    // ── datasources ──
    async listDatasources(filter: AdminDatasourceListQuery) {
      const where: Prisma.DatasourceWhereInput = { ...activeWhere(filter.status) };
      if (filter.topic_id) where.topicId = filter.topic_id;
      if (filter.platform) where.platform = platformFromId(filter.platform) ?? undefined;
      if (filter.language) where.language = filter.language;
      if (filter.q) {
        where.OR = [
          { sourceName: { contains: filter.q, mode: 'insensitive' } },
          { sourceUrl: { contains: filter.q, mode: 'insensitive' } },
        ];
      }
      const rows = await prisma.datasource.findMany({
        where,
        include: datasourceInclude,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      });
      return rows.map(datasourceDto);
    },
    findDatasource: datasourceById,
    async createDatasource(data: DatasourceWrite) {
      const row = await prisma.datasource.create({ data, include: datasourceInclude });
      return datasourceDto(row);
    },
    async updateDatasource(id: string, data: Partial<DatasourceWrite>) {
      const { count } = await prisma.datasource.updateMany({ where: { id }, data });
      return count === 0 ? null : datasourceById(id);
    },
    async deleteDatasource(id: string) {
      const { count } = await prisma.datasource.deleteMany({ where: { id } });
      return count > 0;
    },
    async setDatasourcesActive(ids: string[], isActive: boolean) {
      const { count } = await prisma.datasource.updateMany({
        where: { id: { in: ids } },
        data: { isActive },
      });
      return count;
    },

    // ── source submissions ──
    /** One page, newest first, and how many there are in all. */
    async listSubmissions({ status, page, limit }: AdminSubmissionListQuery) {
      const where: Prisma.SourceSubmissionWhereInput = status === 'all' ? {} : { status };
      const [rows, total] = await Promise.all([
        prisma.sourceSubmission.findMany({
          where,
          include: { topic: true, user: true },
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          skip: (page - 1) * limit,
          take: limit,
        }),
        prisma.sourceSubmission.count({ where }),
      ]);
      return { data: rows.map(submissionDto), page, limit, total };
    },
    async findSubmission(id: string) {
      const row = await prisma.sourceSubmission.findUnique({
        where: { id },
        include: { topic: true, user: true },
      });
      return row ? submissionDto(row) : null;
    },
    /**
     * Creates the datasource and marks the submission approved in one transaction; the
     * status guard makes a second concurrent approval fail instead of creating twice.
     */
    async approveSubmission(
      id: string,
      reviewerId: string,
      datasource: DatasourceWrite,
      note: string | null,
    ) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.sourceSubmission.updateMany({
          where: { id, status: 'pending' },
          data: { status: 'approved', reviewedById: reviewerId, reviewedAt: new Date(), reviewNote: note },
        });
        if (count === 0) return null;
        const created = await tx.datasource.create({ data: datasource, include: datasourceInclude });
        const submission = await tx.sourceSubmission.findUniqueOrThrow({
          where: { id },
          include: { topic: true, user: true },
        });
        return { submission: submissionDto(submission), datasource: datasourceDto(created) };
      });
    },
    async rejectSubmission(id: string, reviewerId: string, note: string | null) {
      const { count } = await prisma.sourceSubmission.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'rejected', reviewedById: reviewerId, reviewedAt: new Date(), reviewNote: note },
      });
      return count > 0;
    },
  };
}
