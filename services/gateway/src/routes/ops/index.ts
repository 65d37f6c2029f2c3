import { HealthResponseSchema, type ReadyResponse, ReadyResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** Liveness, readiness (database + queue) and Prometheus metrics, outside /api and its auth. */
const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => app.repos.health.ping(),
    queue: () => app.transport.ping(),
  };

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
      const results: ReadyResponse['checks'] = {};
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          results[name] = await withTimeout(check()).then(
            () => 'ok' as const,
            (error: unknown) => {
              request.log.warn({ err: error, check: name }, 'readiness check failed');
              return 'fail' as const;
            },
          );
        }),
      );
      const ready = Object.values(results).every((r) => r === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: results });
    },
  );

  app.get(
    '/metrics',
    { schema: { tags: ['ops'], summary: 'Prometheus metrics' } },
    async (_request, reply) => {
      reply.type(app.metricsRegistry.contentType);
      return app.metricsText();
    },
  );
};

export default opsRoutes;
