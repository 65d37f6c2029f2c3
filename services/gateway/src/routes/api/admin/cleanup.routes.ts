import { CleanupBodySchema, DataCleanupResponseSchema, PostsCleanupResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';

const DAY_MS = 86_400_000;

/** /api/admin/cleanup/*: the spec's data-cleanup and posts-cleanup (confirm: true required). */
const adminCleanupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.post(
    '/cleanup/data',
    {
      schema: {
        tags,
        summary:
          'Deletes crawl tasks, posts, summaries and generated content older than olderThanDays (default 30)',
        body: CleanupBodySchema,
        response: { 200: DataCleanupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const days = request.body.olderThanDays ?? 30;
      const recordsDeleted = await app.repos.pipeline.cleanupData(new Date(Date.now() - days * DAY_MS));
      const total = Object.values(recordsDeleted).reduce((a, b) => a + b, 0);
      request.log.info({ recordsDeleted, days }, 'data cleanup');
      return { success: true, message: `Deleted ${total} records older than ${days} days`, recordsDeleted };
    },
  );

  app.post(
    '/cleanup/posts',
    {
      schema: {
        tags,
        summary: 'Deletes summarised posts older than olderThanDays (default 7); their summaries stay',
        body: CleanupBodySchema,
        response: { 200: PostsCleanupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const days = request.body.olderThanDays ?? 7;
      const result = await app.repos.pipeline.cleanupPosts(new Date(Date.now() - days * DAY_MS));
      request.log.info({ ...result, days }, 'posts cleanup');
      return {
        success: true,
        message: `Deleted ${result.posts} posts older than ${days} days`,
        recordsDeleted: { posts: result.posts },
        summariesUpdated: result.summariesUpdated,
        generatedContentUpdated: result.generatedContentUpdated,
      };
    },
  );
};

export default adminCleanupRoutes;
