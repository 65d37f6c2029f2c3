import {
  TimeZoneQuerySchema,
  IdParamsSchema,
  SummaryDetailSchema,
  SummaryListQuerySchema,
  SummaryListResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, uncheckedCallerOf } from '../../lib/caller.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/summaries: the filtered, searchable list and one summary. Free users and visitors: two days. */
const summariesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'public' },
      schema: {
        tags: ['summaries'],
        summary: 'Summaries, newest first (page size 25; search ≥ 4 characters)',
        querystring: SummaryListQuerySchema,
        response: { 200: SummaryListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.content.listSummaries(uncheckedCallerOf(request), request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['summaries'],
        summary: 'One summary with its post and datasource',
        params: IdParamsSchema,
        querystring: TimeZoneQuerySchema,
        response: { 200: SummaryDetailSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      app.services.content.getSummary(await callerOf(request), request.params.id, request.query.timezone),
  );
};

export default summariesRoutes;
