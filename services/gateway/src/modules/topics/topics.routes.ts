import {
  GeneratedContentListSchema,
  IdOrSlugParamsSchema,
  TopicDtoSchema,
  TopicFilterOptionsQuerySchema,
  TopicFilterOptionsSchema,
  TopicGeneratedContentQuerySchema,
  TopicListResponseSchema,
  TopicStatsQuerySchema,
  TopicStatsResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * /api/topics: active topics, today's per-topic stats for the home cards, one topic, its filter choices
 * and the generated content its authors published.
 */
const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // The plan's two-day window is applied inside the routes.
      config: { access: 'public' },
      schema: {
        tags: ['topics'],
        summary: 'Active topics by name',
        response: { 200: TopicListResponseSchema },
      },
    },
    async () => ({ data: await app.services.topics.list() }),
  );

  app.get(
    '/stats',
    {
      config: { access: 'public' },
      schema: {
        tags: ['topics'],
        summary: 'Per-topic summary count and platforms for one day (default: today in the time zone)',
        querystring: TopicStatsQuerySchema,
        response: { 200: TopicStatsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => app.services.content.topicStats(request.query),
  );

  app.get(
    '/:idOrSlug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['topics'],
        summary: 'One topic by id or slug',
        params: IdOrSlugParamsSchema,
        response: { 200: TopicDtoSchema, ...errorResponses(404) },
      },
    },
    async (request) => app.services.topics.getActive(request.params.idOrSlug),
  );

  app.get(
    '/:idOrSlug/generated-content',
    {
      // Published items only, in the reader's window; drafts are their author's alone (see /api/generated-content).
      config: { access: 'public' },
      schema: {
        tags: ['topics'],
        summary:
          "Generated content its authors published from the topic's summaries, by display name; " +
          'visitors and free users: from the summaries of yesterday and today',
        params: IdOrSlugParamsSchema,
        querystring: TopicGeneratedContentQuerySchema,
        response: { 200: GeneratedContentListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const range = app.services.content.allowedRange(await callerOf(request), null, request.query.timezone);
      return { data: await app.services.topics.publishedContent(request.params.idOrSlug, range) };
    },
  );

  app.get(
    '/:idOrSlug/filter-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['topics'],
        summary: "The topic page's source and date filter choices, within what the caller may read",
        params: IdOrSlugParamsSchema,
        querystring: TopicFilterOptionsQuerySchema,
        response: { 200: TopicFilterOptionsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const topic = await app.services.topics.getActive(request.params.idOrSlug);
      return app.services.content.topicFilterOptions(await callerOf(request), topic.id, request.query);
    },
  );
};

export default topicsRoutes;
