import type { AdminDatasource, AdminDatasourceListQuery } from '@app/contracts';
import {
  type Language,
  type Platform,
  type Prisma,
  type PrismaClient,
  platformFromId,
  platformToId,
} from '@app/db';
import { activeWhere } from './active-filter.ts';
import { likeLiteral } from '../lib/like-literal.ts';
import { datasourceStatusOf } from '../lib/source-health.ts';

export type DatasourcesRepository = ReturnType<typeof createDatasourcesRepository>;

export type DatasourceWrite = {
  topicId: string;
  platform: Platform;
  sourceName: string;
  sourceUrl: string;
  language: Language;
  /** False once someone chose the language (an import without one leaves it to the first crawl). */
  languageUnconfirmed?: boolean;
  isActive: boolean;
  config: Prisma.InputJsonObject;
};

/** What the admin's datasource answer needs loaded with the row (also used when a submission creates one). */
export const adminDatasourceInclude = { topic: true, _count: { select: { posts: true } } } as const;
type AdminDatasourceRow = Prisma.DatasourceGetPayload<{ include: typeof adminDatasourceInclude }>;

/** The admin's answer for a source; its status and times come from its crawl health, as of `now`. */
export function adminDatasourceDto(row: AdminDatasourceRow, now: Date): AdminDatasource {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
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
    last_crawled_at: iso(row.lastCrawledAt),
    last_success_at: iso(row.lastSuccessAt),
    last_error_at: iso(row.lastErrorAt),
    last_error_class: row.lastErrorClass,
    last_error_message: row.lastErrorMessage,
    consecutive_failures: row.consecutiveFailures,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: datasourceStatusOf(row, now),
    post_count: row._count.posts,
    topic: {
      id: row.topic.id,
      name: row.topic.name,
      name_zh: row.topic.nameZh,
      description: row.topic.description,
    },
  };
}

/** datasources: the reader's source lists, the admin's list and writes, and the crawl health rows. */
export function createDatasourcesRepository(prisma: PrismaClient) {
  const findForAdmin = async (id: string, now: Date) => {
    const row = await prisma.datasource.findUnique({ where: { id }, include: adminDatasourceInclude });
    return row ? adminDatasourceDto(row, now) : null;
  };

  return {
    async listActive(filter: { language?: Language; topicId?: string }) {
      const rows = await prisma.datasource.findMany({
        where: {
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.topicId ? { topicId: filter.topicId } : {}),
        },
        include: { topic: true },
        orderBy: [{ platform: 'asc' }, { sourceName: 'asc' }],
      });
      return rows.map((d) => ({
        id: d.id,
        topic_id: d.topicId,
        platform: platformToId(d.platform),
        source_name: d.sourceName,
        source_url: d.sourceUrl,
        language: d.language,
        is_active: d.isActive,
        last_crawled_at: d.lastCrawledAt?.toISOString() ?? null,
        topic: { id: d.topic.id, name: d.topic.name, name_zh: d.topic.nameZh },
      }));
    },

    async youtubeSources(filter: { language?: Language; sourceName?: string }) {
      const rows = await prisma.datasource.findMany({
        where: {
          platform: 'youtube',
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.sourceName ? { sourceName: filter.sourceName } : {}),
        },
        include: { topic: true, _count: { select: { summaries: true } } },
        orderBy: { sourceName: 'asc' },
      });
      return rows.map((d) => ({
        id: d.id,
        source_name: d.sourceName,
        source_url: d.sourceUrl,
        language: d.language,
        topic: { id: d.topic.id, name: d.topic.name, name_zh: d.topic.nameZh },
        summary_count: d._count.summaries,
      }));
    },

    exists: async (id: string) => (await prisma.datasource.count({ where: { id } })) > 0,

    countOfTopic: (topicId: string) => prisma.datasource.count({ where: { topicId } }),

    async listForAdmin(filter: AdminDatasourceListQuery, now: Date) {
      const where: Prisma.DatasourceWhereInput = { ...activeWhere(filter.status) };
      if (filter.topic_id) where.topicId = filter.topic_id;
      if (filter.platform) where.platform = platformFromId(filter.platform) ?? undefined;
      if (filter.language) where.language = filter.language;
      if (filter.q) {
        where.OR = [
          { sourceName: { contains: likeLiteral(filter.q), mode: 'insensitive' } },
          { sourceUrl: { contains: likeLiteral(filter.q), mode: 'insensitive' } },
        ];
      }
      const rows = await prisma.datasource.findMany({
        where,
        include: adminDatasourceInclude,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      });
      return rows.map((row) => adminDatasourceDto(row, now));
    },

    findForAdmin,

    async create(data: DatasourceWrite, now: Date) {
      return adminDatasourceDto(
        await prisma.datasource.create({ data, include: adminDatasourceInclude }),
        now,
      );
    },

    async update(id: string, data: Partial<DatasourceWrite>, now: Date) {
      const { count } = await prisma.datasource.updateMany({ where: { id }, data });
      return count === 0 ? null : findForAdmin(id, now);
    },

    async delete(id: string) {
      const { count } = await prisma.datasource.deleteMany({ where: { id } });
      return count > 0;
    },

    async setActive(ids: string[], isActive: boolean) {
      const { count } = await prisma.datasource.updateMany({
        where: { id: { in: ids } },
        data: { isActive },
      });
      return count;
    },

    /** Every datasource (of a platform), failing ones first: the rows the crawl health is read from. */
    forHealth(filter: { platform?: string }) {
      const platform = filter.platform ? platformFromId(filter.platform) : undefined;
      return prisma.datasource.findMany({
        where: platform ? { platform } : {},
        orderBy: [{ consecutiveFailures: 'desc' }, { sourceName: 'asc' }],
      });
    },
  };
}
