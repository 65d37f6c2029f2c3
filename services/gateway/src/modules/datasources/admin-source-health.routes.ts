import { SourceHealthQuerySchema, SourceHealthResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/source-health: each datasource's crawl health (last success, last error and its class, backoff). */
const adminSourceHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/source-health',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Crawl health per datasource, failing ones first',
        querystring: SourceHealthQuerySchema,
        response: { 200: SourceHealthResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.crawl.sourceHealth(request.query),
  );
};

export default adminSourceHealthRoutes;
