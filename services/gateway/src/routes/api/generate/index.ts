import { GeneratePostBodySchema, GeneratePostResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { requireUser } from '../../../plugins/app/guards.ts';

/** /api/generate/post: post mode (spec §7 platform-content-generator); runs through the same queue and waits. */
const generateRoutes: FastifyPluginAsyncZod = async (app) => {
  const generation = app.services.generation;
  app.post(
    '/post',
    {
      schema: {
        tags: ['generation'],
        body: GeneratePostBodySchema,
        response: { 200: GeneratePostResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      generation.generateForPost({
        userId: requireUser(request).id,
        postId: request.body.post_id,
        style: request.body.tone,
        targetPlatforms: request.body.target_platforms,
        language: request.body.user_language,
        requestId: request.id,
      }),
  );
};

export default generateRoutes;
