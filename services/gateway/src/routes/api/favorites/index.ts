import {
  AppError,
  FavoriteDatasourceBodySchema,
  FavoriteDatasourcesResponseSchema,
  FavoriteSummariesResponseSchema,
  FavoriteSummaryBodySchema,
  SuccessMessageSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { requireUser } from '../../../plugins/app/guards.ts';

/** /api/favorites: Pro only (access.ts: visitors 401, free users 403 PRO_REQUIRED). */
const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.repos.content;
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/datasources',
    { schema: { tags: ['favorites'], response: { 200: FavoriteDatasourcesResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      favorites: await repo.favoriteDatasources(requireUser(request).id),
    }),
  );
  app.post(
    '/datasources',
    {
      schema: {
        tags: ['favorites'],
        body: FavoriteDatasourceBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { datasource_id } = request.body;
      if (!(await repo.datasourceExists(datasource_id)))
        throw new AppError('NOT_FOUND', 'Data source not found');
      await repo.addFavoriteDatasource(requireUser(request).id, datasource_id);
      return { success: true as const, message: 'Added to favorites' };
    },
  );
  app.delete(
    '/datasources',
    {
      schema: {
        tags: ['favorites'],
        body: FavoriteDatasourceBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await repo.removeFavoriteDatasource(requireUser(request).id, request.body.datasource_id);
      return { success: true as const, message: 'Removed from favorites' };
    },
  );

  app.get(
    '/summaries',
    { schema: { tags: ['favorites'], response: { 200: FavoriteSummariesResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      favorites: await repo.favoriteSummaries(requireUser(request).id),
    }),
  );
  app.post(
    '/summaries',
    {
      schema: {
        tags: ['favorites'],
        body: FavoriteSummaryBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { summary_id } = request.body;
      if (!(await repo.summaryExists(summary_id))) throw new AppError('NOT_FOUND', 'Summary not found');
      await repo.addFavoriteSummary(requireUser(request).id, summary_id);
      return { success: true as const, message: 'Added to favorites' };
    },
  );
  app.delete(
    '/summaries',
    {
      schema: {
        tags: ['favorites'],
        body: FavoriteSummaryBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await repo.removeFavoriteSummary(requireUser(request).id, request.body.summary_id);
      return { success: true as const, message: 'Removed from favorites' };
    },
  );
};

export default favoritesRoutes;
