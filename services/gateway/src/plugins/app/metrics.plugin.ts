import cluster from 'node:cluster';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { workerClusterMetrics } from '../../lib/cluster-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
    /** The exposition text /metrics serves: every worker's metrics summed when the gateway runs as a cluster. */
    metricsText(): Promise<string>;
  }
}

/**
 * Prometheus metrics: process defaults plus request duration by route pattern and status. A registry
 * per app instance (not prom-client's global one), so several apps in one test process never collide.
 * In a cluster worker, /metrics answers for all workers (see lib/cluster-metrics.ts).
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'gateway' });
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.decorate('metricsRegistry', registry);
    const clusterMetrics = cluster.isWorker ? workerClusterMetrics(registry) : null;
    app.decorate('metricsText', async () => {
      if (!clusterMetrics) return registry.metrics();
      try {
        return await clusterMetrics();
      } catch (error) {
        app.log.warn({ err: error }, "cluster metrics unavailable: serving this worker's own");
        return registry.metrics();
      }
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the raw URL: ids and query strings would explode the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics' },
);
