import {
  AdminPodcastGenerateBodySchema,
  AdminPodcastGenerateResponseSchema,
  AdminPodcastListQuerySchema,
  AdminPodcastListResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/podcasts: every podcast task with its state, and "make it now" (or again, after a failure). */
const adminPodcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/podcasts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The newest podcast tasks in every state (a date and a status narrow the list)',
        querystring: AdminPodcastListQuerySchema,
        response: { 200: AdminPodcastListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.adminPodcasts.list(request.query),
  );

  app.post(
    '/podcasts/generate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Makes a date's podcast now for a topic (or every active topic) and a language (or both); a failed one is made again in place",
        body: AdminPodcastGenerateBodySchema.default({}),
        response: {
          200: AdminPodcastGenerateResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => app.services.adminPodcasts.generate(request.body, request.id),
  );
};

export default adminPodcastsRoutes;
