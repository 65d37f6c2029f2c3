import { SourceHealthQuerySchema, SourceHealthResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { type HealthState, toSourceHealth } from '../../../repositories/pipeline.repository.ts';

/** /api/admin/source-health: each datasource's crawl health (last success, last error and its class, backoff). */
const adminSourceHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/source-health',
    {
      schema: {
        tags: ['admin'],
        summary: 'Crawl health per datasource, failing ones first',
        querystring: SourceHealthQuerySchema,
        response: { 200: SourceHealthResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const now = new Date();
      const rows = (await app.repos.pipeline.sourceHealth({ platform: request.query.platform })).map((d) =>
        toSourceHealth(d, now),
      );
      const counts: Record<HealthState, number> = {
        healthy: 0,
        failing: 0,
        stale: 0,
        never_crawled: 0,
        inactive: 0,
      };
      for (const row of rows) counts[row.state] += 1;
      const data = request.query.state ? rows.filter((row) => row.state === request.query.state) : rows;
      return { data, counts };
    },
  );
};

export default adminSourceHealthRoutes;
