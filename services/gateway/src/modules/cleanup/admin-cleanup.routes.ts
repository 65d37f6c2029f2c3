import { CleanupBodySchema, DataCleanupResponseSchema, PostsCleanupResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/cleanup/*: the spec's data-cleanup and posts-cleanup (confirm: true required). */
const adminCleanupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.post(
    '/cleanup/data',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Deletes crawl tasks, posts, summaries and generated content older than olderThanDays (default 30)',
        body: CleanupBodySchema,
        response: { 200: DataCleanupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.cleanup.data(request.body.olderThanDays, request.id),
  );

  app.post(
    '/cleanup/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes summarised posts older than olderThanDays (default 7); their summaries stay',
        body: CleanupBodySchema,
        response: { 200: PostsCleanupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.cleanup.posts(request.body.olderThanDays, request.id),
  );
};

export default adminCleanupRoutes;
