import {
  AdminQueuesResponseSchema,
  type QueueName,
  RetryJobParamsSchema,
  RetryJobResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/queues: job counts per queue and state, failed jobs with their error, retry. */
const adminQueuesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/queues',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Counts per queue and state, and the latest failed jobs with their error',
        response: { 200: AdminQueuesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.services.queues.overview(),
  );

  app.post(
    '/queues/:queue/jobs/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Moves a failed job back to waiting',
        params: RetryJobParamsSchema,
        response: { 200: RetryJobResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.services.queues.retry(request.params.queue as QueueName, request.params.id, request.id),
  );
};

export default adminQueuesRoutes;
