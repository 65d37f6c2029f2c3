import type { AdminDatasourceListQuery } from '@app/contracts';
import { type Language, type Platform, type Prisma, type PrismaClient, platformFromId } from '@app/db';
import { activeWhere } from '../../lib/active-filter.ts';
import { likeLiteral } from '../../lib/like-literal.ts';

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
export type AdminDatasourceRow = Prisma.DatasourceGetPayload<{ include: typeof adminDatasourceInclude }>;
const activeInclude = { topic: true } as const;
export type ActiveDatasourceRow = Prisma.DatasourceGetPayload<{ include: typeof activeInclude }>;
const youtubeInclude = { topic: true, _count: { select: { summaries: true } } } as const;
export type YoutubeSourceRow = Prisma.DatasourceGetPayload<{ include: typeof youtubeInclude }>;

/**
 * datasources: the reader's source lists, the admin's list and writes, and the crawl health rows. Rows
 * come back with what their answers need loaded; datasource.mapper.ts writes the answers.
 */
export function createDatasourcesRepository(prisma: PrismaClient) {
  const findForAdmin = (id: string) =>
    prisma.datasource.findUnique({ where: { id }, include: adminDatasourceInclude });

  return {
    listActive: (filter: { language?: Language; topicId?: string }) =>
      prisma.datasource.findMany({
        where: {
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.topicId ? { topicId: filter.topicId } : {}),
        },
        include: activeInclude,
        orderBy: [{ platform: 'asc' }, { sourceName: 'asc' }],
      }),

    youtubeSources: (filter: { language?: Language; sourceName?: string }) =>
      prisma.datasource.findMany({
        where: {
          platform: 'youtube',
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.sourceName ? { sourceName: filter.sourceName } : {}),
        },
        include: youtubeInclude,
        orderBy: { sourceName: 'asc' },
      }),

    exists: async (id: string) => (await prisma.datasource.count({ where: { id } })) > 0,

    countOfTopic: (topicId: string) => prisma.datasource.count({ where: { topicId } }),

    listForAdmin(filter: AdminDatasourceListQuery) {
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
      return prisma.datasource.findMany({
        where,
        include: adminDatasourceInclude,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      });
    },

    findForAdmin,

    create: (data: DatasourceWrite) => prisma.datasource.create({ data, include: adminDatasourceInclude }),

    async update(id: string, data: Partial<DatasourceWrite>) {
      const { count } = await prisma.datasource.updateMany({ where: { id }, data });
      return count === 0 ? null : findForAdmin(id);
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
