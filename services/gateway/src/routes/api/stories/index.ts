import { IdParamsSchema, StoryDetailSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';

/** /api/stories: one event and the summaries (outlets, languages) that report it. */
const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'A story: its summaries, oldest first, with their sources and how each joined',
        params: IdParamsSchema,
        response: { 200: StoryDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => app.services.stories.get(request.params.id),
  );
};

export default storiesRoutes;
