import {
  AdminStoriesQuerySchema,
  AdminStoriesResponseSchema,
  IdParamsSchema,
  MergeStoryBodySchema,
  SplitStoryBodySchema,
  StoryChangeResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';

/** /api/admin/stories: the clusters to check, and corrections of the clustering (split a wrong merge, merge a missed one). */
const adminStoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'stories'];

  app.get(
    '/stories',
    {
      schema: {
        tags,
        summary: 'Stories of more than one summary (min_size), newest activity first, with their members',
        querystring: AdminStoriesQuerySchema,
        response: { 200: AdminStoriesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.stories.adminList(request.query),
  );

  app.post(
    '/stories/:id/split',
    {
      schema: {
        tags,
        summary: 'Moves the given summaries of this story into a new story',
        params: IdParamsSchema,
        body: SplitStoryBodySchema,
        response: { 200: StoryChangeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.services.stories.split(request.params.id, request.body.summary_ids),
  );

  app.post(
    '/stories/:id/merge',
    {
      schema: {
        tags,
        summary: 'Moves every summary of story_id into this story and deletes story_id',
        params: IdParamsSchema,
        body: MergeStoryBodySchema,
        response: { 200: StoryChangeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.services.stories.merge(request.params.id, request.body.story_id),
  );
};

export default adminStoriesRoutes;
