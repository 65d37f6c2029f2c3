import type { ActiveStatusFilter } from '@app/contracts';
import type { Prisma, PrismaClient } from '@app/db';
import { activeWhere } from '../../lib/active-filter.ts';
import { likeLiteral } from '../../lib/like-literal.ts';

export type TopicsRepository = ReturnType<typeof createTopicsRepository>;

type CountedTopic = Prisma.TopicGetPayload<{ include: { _count: { select: { datasources: true } } } }>;
/** Per topic: the posts crawled from its sources, and the summaries filed under it. */
type TopicCounts = { posts: number; summaries: number };
/** A topic as the admin's list shows it: the row, its sources, posts and summaries counted. */
export type AdminTopicRow = CountedTopic & TopicCounts;

const withCounts = (row: CountedTopic, counts: TopicCounts | undefined): AdminTopicRow => ({
  ...row,
  posts: counts?.posts ?? 0,
  summaries: counts?.summaries ?? 0,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const withDatasourceCount = { _count: { select: { datasources: true } } } as const;

/** topics: the reader's list and pages, and the admin's list with counts and its writes. */
export function createTopicsRepository(prisma: PrismaClient) {
  /**
   * Per topic: the posts crawled from its sources, and the summaries filed under it. The two differ:
   * the posts clean-up deletes old posts and keeps their summaries.
   */
  async function countsByTopic(topicIds: string[]): Promise<Map<string, TopicCounts>> {
    if (topicIds.length === 0) return new Map();
    const rows = await prisma.$queryRaw<{ topic_id: string; posts: number; summaries: number }[]>`
      SELECT t.id AS topic_id,
        (SELECT count(*) FROM posts p JOIN datasources d ON d.id = p.datasource_id
          WHERE d.topic_id = t.id)::int AS posts,
        (SELECT count(*) FROM summaries s WHERE s.topic_id = t.id)::int AS summaries
      FROM topics t
      WHERE t.id = ANY(${topicIds}::uuid[])`;
    return new Map(rows.map((r) => [r.topic_id, { posts: r.posts, summaries: r.summaries }]));
  }

  async function findForAdmin(id: string) {
    const row = await prisma.topic.findUnique({ where: { id }, include: withDatasourceCount });
    if (!row) return null;
    return withCounts(row, (await countsByTopic([id])).get(id));
  }

  return {
    listActive: () => prisma.topic.findMany({ where: { isActive: true }, orderBy: { name: 'asc' } }),

    findByIdOrSlug: (idOrSlug: string) =>
      prisma.topic.findFirst({ where: UUID.test(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug } }),

    exists: async (id: string) => (await prisma.topic.count({ where: { id } })) > 0,

    /** Whether the topic exists and is active (a datasource may only join an active one). */
    state: (id: string) => prisma.topic.findUnique({ where: { id }, select: { id: true, isActive: true } }),

    async listForAdmin(filter: { q?: string; status: ActiveStatusFilter; sort: 'name' | 'created_at' }) {
      const where: Prisma.TopicWhereInput = { ...activeWhere(filter.status) };
      if (filter.q) {
        where.OR = [
          { name: { contains: likeLiteral(filter.q), mode: 'insensitive' } },
          { nameZh: { contains: likeLiteral(filter.q), mode: 'insensitive' } },
          { description: { contains: likeLiteral(filter.q), mode: 'insensitive' } },
          { keywords: { has: filter.q } },
        ];
      }
      const rows = await prisma.topic.findMany({
        where,
        include: withDatasourceCount,
        orderBy:
          filter.sort === 'name' ? [{ name: 'asc' }, { id: 'asc' }] : [{ createdAt: 'desc' }, { id: 'asc' }],
      });
      const counts = await countsByTopic(rows.map((r) => r.id));
      return rows.map((row) => withCounts(row, counts.get(row.id)));
    },

    findForAdmin,

    slugExists: async (slug: string) => (await prisma.topic.count({ where: { slug } })) > 0,

    async create(data: {
      slug: string;
      name: string;
      description: string;
      keywords: string[];
      isActive: boolean;
    }) {
      const row = await prisma.topic.create({ data });
      return (await findForAdmin(row.id))!;
    },

    async update(
      id: string,
      data: { name?: string; description?: string; keywords?: string[]; isActive?: boolean },
    ) {
      const { count } = await prisma.topic.updateMany({ where: { id }, data });
      return count === 0 ? null : findForAdmin(id);
    },

    async delete(id: string) {
      const { count } = await prisma.topic.deleteMany({ where: { id } });
      return count > 0;
    },

    async setActive(ids: string[], isActive: boolean) {
      const { count } = await prisma.topic.updateMany({ where: { id: { in: ids } }, data: { isActive } });
      return count;
    },
  };
}
