import {
  AdminStoriesQuerySchema,
  AdminStoriesResponseSchema,
  IdParamsSchema,
  MergeStoryBodySchema,
  SplitStoryBodySchema,
  StoryChangeResponseSchema,
  StoryClusteringStatusSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/stories: the clusters to check, and corrections of the clustering (split a wrong merge, merge a missed one). */
const adminStoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'stories'];

  app.get(
    '/stories',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Stories of more than one summary (min_size), newest activity first, with their members',
        querystring: AdminStoriesQuerySchema,
        response: { 200: AdminStoriesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.stories.adminList(request.query),
  );

  app.get(
    '/stories/clustering',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'How many summaries are clustered under the current rule, and whether a pass is running',
        response: { 200: StoryClusteringStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.services.stories.clusteringStatus(),
  );

  app.post(
    '/stories/clustering',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Starts a clustering pass now: summaries without a story, then those decided under an older rule',
        response: { 200: StoryClusteringStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => app.services.stories.startClustering(request.id),
  );

  app.post(
    '/stories/:id/split',
    {
      config: { access: 'admin' },
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
      config: { access: 'admin' },
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
