import {
  GeneratedContentListSchema,
  IdOrSlugParamsSchema,
  TopicDtoSchema,
  TopicFilterOptionsQuerySchema,
  TopicFilterOptionsSchema,
  TopicListResponseSchema,
  TopicStatsQuerySchema,
  TopicStatsResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../lib/caller.ts';
import { errorResponses } from '../../../lib/error-responses.ts';

/**
 * /api/topics: active topics, today's per-topic stats for the home cards, one topic, its filter choices
 * and its generated content.
 */
const topicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
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
      schema: {
        tags: ['topics'],
        summary: "Generated content made from the topic's summaries",
        params: IdOrSlugParamsSchema,
        response: { 200: GeneratedContentListSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await app.services.topics.generatedContent(request.params.idOrSlug) }),
  );

  app.get(
    '/:idOrSlug/filter-options',
    {
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
