import { IdParamsSchema, StoryDetailSchema, TimeZoneQuerySchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/stories: one event and the summaries (outlets, languages) that report it. */
const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      // A story lists its summaries' headlines and sources (no summary text).
      config: { access: 'public' },
      schema: {
        tags: ['stories'],
        summary:
          'A story: its summaries, oldest first, with their sources and how each joined; a free reader sees those of the two days their plan shows',
        params: IdParamsSchema,
        querystring: TimeZoneQuerySchema,
        response: { 200: StoryDetailSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      app.services.stories.read(await callerOf(request), request.params.id, request.query.timezone),
  );
};

export default storiesRoutes;
