import { type PrismaClient, platformToId } from '@app/db';

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;

/** A user's favourite datasources and favourite summaries (user_favorite_datasources, user_favorite_summaries). */
export function createFavoritesRepository(prisma: PrismaClient) {
  return {
    async datasourcesOf(userId: string) {
      const rows = await prisma.userFavoriteDatasource.findMany({
        where: { userId },
        include: { datasource: true },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((f) => ({
        id: f.id,
        created_at: f.createdAt.toISOString(),
        datasources: {
          id: f.datasource.id,
          source_name: f.datasource.sourceName,
          platform: platformToId(f.datasource.platform),
        },
      }));
    },

    addDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.createMany({ data: [{ userId, datasourceId }], skipDuplicates: true }),

    removeDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.deleteMany({ where: { userId, datasourceId } }),

    async summariesOf(userId: string) {
      const rows = await prisma.userFavoriteSummary.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((f) => ({
        id: f.id,
        created_at: f.createdAt.toISOString(),
        summaries: { id: f.summaryId },
      }));
    },

    addSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.createMany({ data: [{ userId, summaryId }], skipDuplicates: true }),

    removeSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.deleteMany({ where: { userId, summaryId } }),
  };
}
