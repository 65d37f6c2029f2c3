import {
  AdminCrawlBodySchema,
  AdminCrawlResponseSchema,
  ProcessPendingBodySchema,
  ProcessPendingResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/crawl and /api/admin/process-pending: the spec's master-scheduler calls. */
const adminCrawlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.post(
    '/crawl',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Creates a crawl task per matching active datasource for the date and queues the crawls',
        body: AdminCrawlBodySchema,
        response: { 200: AdminCrawlResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.crawl.crawl(request.body, request.id),
  );

  app.post(
    '/process-pending',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Queues up to `limit` pending crawl tasks (process_pending_tasks)',
        body: ProcessPendingBodySchema.default({ limit: 10 }),
        response: { 200: ProcessPendingResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.crawl.processPending(request.body.limit, request.id),
  );
};

export default adminCrawlRoutes;
