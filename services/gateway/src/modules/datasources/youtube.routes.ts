import {
  YoutubeSourcesQuerySchema,
  SourceNameParamsSchema,
  YoutubeSourcesResponseSchema,
  YoutubeSummariesQuerySchema,
  YoutubeSummariesResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/youtube: the channel grid and one channel's summaries, oldest first. */
const youtubeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sources',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sources'],
        summary: 'YouTube channels with their summary counts (the channel grid)',
        querystring: YoutubeSourcesQuerySchema,
        response: { 200: YoutubeSourcesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ data: await app.services.content.youtubeSources(request.query.language) }),
  );
  app.get(
    '/:sourceName/summaries',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sources'],
        summary: "One YouTube channel's summaries, oldest first",
        params: SourceNameParamsSchema,
        querystring: YoutubeSummariesQuerySchema,
        response: { 200: YoutubeSummariesResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      app.services.content.youtubeSummaries(
        await callerOf(request),
        request.params.sourceName,
        request.query.language,
        request.query.timezone,
      ),
  );
};

export default youtubeRoutes;
