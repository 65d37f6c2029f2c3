import { AppError } from '@app/contracts';
import type { ServiceContext } from '../context.ts';
import { toFavoriteDatasourceDto, toFavoriteSummaryDto } from './favorite.mapper.ts';

export type FavoritesService = ReturnType<typeof createFavoritesService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const FAVORITES_REPOS = ['datasources', 'favorites', 'summaries'] as const;

/** A Pro user's favourite sources and summaries; adding one twice keeps one. */
export function createFavoritesService({ repos }: ServiceContext<(typeof FAVORITES_REPOS)[number]>) {
  const favorites = repos.favorites;
  return {
    datasources: async (userId: string) =>
      (await favorites.datasourcesOf(userId)).map(toFavoriteDatasourceDto),

    async addDatasource(userId: string, datasourceId: string) {
      if (!(await repos.datasources.exists(datasourceId))) {
        throw new AppError('NOT_FOUND', 'Data source not found');
      }
      await favorites.addDatasource(userId, datasourceId);
    },

    removeDatasource: async (userId: string, datasourceId: string) => {
      await favorites.removeDatasource(userId, datasourceId);
    },

    summaries: async (userId: string) => (await favorites.summariesOf(userId)).map(toFavoriteSummaryDto),

    async addSummary(userId: string, summaryId: string) {
      if (!(await repos.summaries.exists(summaryId))) throw new AppError('NOT_FOUND', 'Summary not found');
      await favorites.addSummary(userId, summaryId);
    },

    removeSummary: async (userId: string, summaryId: string) => {
      await favorites.removeSummary(userId, summaryId);
    },
  };
}
