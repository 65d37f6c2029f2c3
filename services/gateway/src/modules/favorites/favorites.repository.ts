import type { Prisma, PrismaClient } from '@app/db';

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;

const withDatasource = { datasource: true } as const;
/** A favourite source with its datasource (favorite.mapper.ts writes the answer). */
export type FavoriteDatasourceRow = Prisma.UserFavoriteDatasourceGetPayload<{
  include: typeof withDatasource;
}>;

/** A user's favourite datasources and favourite summaries (user_favorite_datasources, user_favorite_summaries). */
export function createFavoritesRepository(prisma: PrismaClient) {
  return {
    datasourcesOf: (userId: string) =>
      prisma.userFavoriteDatasource.findMany({
        where: { userId },
        include: withDatasource,
        orderBy: { createdAt: 'desc' },
      }),

    addDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.createMany({ data: [{ userId, datasourceId }], skipDuplicates: true }),

    removeDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.deleteMany({ where: { userId, datasourceId } }),

    summariesOf: (userId: string) =>
      prisma.userFavoriteSummary.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } }),

    addSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.createMany({ data: [{ userId, summaryId }], skipDuplicates: true }),

    removeSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.deleteMany({ where: { userId, summaryId } }),
  };
}
