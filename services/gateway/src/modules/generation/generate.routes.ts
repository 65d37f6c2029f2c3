import { GeneratePostBodySchema, GeneratePostResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { RateLimitedError } from '../../lib/rate-limited.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** Retry-After when the user's post-mode places are taken: a cheap poll, as a place frees whenever one ends. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 5;

/** /api/generate/post: post mode (spec §7 platform-content-generator); runs through the same queue and waits. */
const generateRoutes: FastifyPluginAsyncZod = async (app) => {
  const generation = app.services.generation;
  app.post(
    '/post',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['generation'],
        summary: 'Generate one post from a summary and wait for it (post mode, Pro)',
        body: GeneratePostBodySchema,
        response: { 200: GeneratePostResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      // A place per request held open (GENERATE_POST_MAX_IN_FLIGHT per user, across processes).
      const lease = await app.limits.generatePostInFlight.acquire(userId);
      if (!lease) {
        const max = app.config.GENERATE_POST_MAX_IN_FLIGHT;
        throw new RateLimitedError(
          'TOO_MANY_CONCURRENT_REQUESTS',
          `You already have ${max} generation${max === 1 ? '' : 's'} running; wait for one to finish`,
          IN_FLIGHT_RETRY_AFTER_SECONDS,
        );
      }
      // The place is given back when the handler ends, or as soon as the client goes away (then the
      // wait stops too; the task stays queued).
      const gone = new AbortController();
      const onClose = () => {
        gone.abort();
        void lease.release();
      };
      reply.raw.once('close', onClose);
      try {
        return await generation.generateForPost({
          userId,
          postId: request.body.post_id,
          style: request.body.tone,
          targetPlatforms: request.body.target_platforms,
          userInput: request.body.user_input,
          language: request.body.user_language,
          requestId: request.id,
          signal: gone.signal,
        });
      } finally {
        reply.raw.off('close', onClose);
        await lease.release();
      }
    },
  );
};

export default generateRoutes;
