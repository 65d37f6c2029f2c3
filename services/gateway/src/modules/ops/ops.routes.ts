import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, HealthResponseSchema, ReadyResponseSchema } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { mediaResponse } from '../../lib/openapi.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * /metrics tells how the service is used (routes, rates, queue depths): on the public port it answers only
 * a scraper holding METRICS_TOKEN (Bearer), and 404 when no token is configured.
 */
function metricsGuard(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest) => {
    if (!expected) throw new AppError('NOT_FOUND', 'Not found');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    // Equal-length digests: the comparison takes the same time whatever the guess.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new AppError('UNAUTHENTICATED', 'A metrics token is required');
    }
  };
}

/** Liveness, readiness (database + queue) and Prometheus metrics, outside /api and its auth. */
const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'Liveness', response: { 200: HealthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: database and queue reachable (503 otherwise)',
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      const readiness = await app.services.health.readiness(request.id);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN; 404 without one set)',
        security: [{ metricsToken: [] }],
        response: {
          200: mediaResponse('The Prometheus text exposition format', ['text/plain']),
          ...errorResponses(401, 404),
        },
      },
      onRequest: metricsGuard(app.config.METRICS_TOKEN),
    },
    async (_request, reply) => {
      reply.type(app.metricsRegistry.contentType);
      return app.metricsText();
    },
  );
};

export default opsRoutes;
