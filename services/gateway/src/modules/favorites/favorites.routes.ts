import {
  FavoriteDatasourceBodySchema,
  FavoriteDatasourcesResponseSchema,
  FavoriteSummariesResponseSchema,
  FavoriteSummaryBodySchema,
  SuccessMessageSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/favorites: Pro only (visitors 401, free users 403 PRO_REQUIRED). */
const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const favorites = app.services.favorites;
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/datasources',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Your favourite sources',
        response: { 200: FavoriteDatasourcesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      favorites: await favorites.datasources(requireUser(request).id),
    }),
  );
  app.post(
    '/datasources',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Add a source to your favourites (adding it twice is fine)',
        body: FavoriteDatasourceBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await favorites.addDatasource(requireUser(request).id, request.body.datasource_id);
      return { success: true as const, message: 'Added to favorites' };
    },
  );
  app.delete(
    '/datasources',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Remove a source from your favourites',
        body: FavoriteDatasourceBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await favorites.removeDatasource(requireUser(request).id, request.body.datasource_id);
      return { success: true as const, message: 'Removed from favorites' };
    },
  );

  app.get(
    '/summaries',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Your favourite summaries',
        response: { 200: FavoriteSummariesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      favorites: await favorites.summaries(requireUser(request).id),
    }),
  );
  app.post(
    '/summaries',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Add a summary to your favourites (adding it twice is fine)',
        body: FavoriteSummaryBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await favorites.addSummary(requireUser(request).id, request.body.summary_id);
      return { success: true as const, message: 'Added to favorites' };
    },
  );
  app.delete(
    '/summaries',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['favorites'],
        summary: 'Remove a summary from your favourites',
        body: FavoriteSummaryBodySchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await favorites.removeSummary(requireUser(request).id, request.body.summary_id);
      return { success: true as const, message: 'Removed from favorites' };
    },
  );
};

export default favoritesRoutes;
