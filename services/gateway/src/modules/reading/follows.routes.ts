import { FollowBodySchema, FollowsResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/me/follows: the topics and sources a reader follows (My feed). Every signed-in reader. */
const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/follows',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'The topics and sources the reader follows, newest first',
        response: { 200: FollowsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.reading.follows(requireUser(request).id),
  );

  app.post(
    '/follows',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Follow a topic ({topic_id}) or a source ({datasource_id}); twice keeps one',
        body: FollowBodySchema,
        response: { 200: FollowsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.services.reading.follow(requireUser(request).id, request.body),
  );

  app.delete(
    '/follows',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Stop following a topic or a source',
        body: FollowBodySchema,
        response: { 200: FollowsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.reading.unfollow(requireUser(request).id, request.body),
  );
};

export default followsRoutes;
