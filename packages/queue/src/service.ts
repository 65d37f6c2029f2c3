import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@app/logger';
import { createMetrics } from './metrics.ts';
import { createQueueTransport, type QueueTransport } from './transport.ts';
import { createWorkers, type ProcessorDefinition } from './worker.ts';

export type WorkerServiceOptions = {
  service: string;
  logger: Logger;
  databaseUrl: string;
  redisUrl?: string;
  /** Queue namespace (tests); production uses the default. */
  prefix?: string;
  healthPort: number;
  concurrency: number;
  /** Job lock duration and stalled-check interval (WORKER_LOCK_MS); default BullMQ's 30 s. */
  lockMs?: number;
  // biome-ignore lint/suspicious/noExplicitAny: processors are checked against the job catalogue at start
  processors: ProcessorDefinition<any>[];
  /** Extra readiness checks, e.g. the database; each throws when unhealthy. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Called after the workers stop, to close the service's own connections. */
  onClose?: () => Promise<void>;
};

export type RunningService = {
  transport: QueueTransport;
  healthPort: number;
  close(): Promise<void>;
};

/**
 * Starts a worker service: queue transport, workers, and a small HTTP server for
 * /healthz, /readyz and /metrics. close() stops taking jobs, lets the jobs in hand
 * finish, then closes connections.
 */
export async function startWorkerService(options: WorkerServiceOptions): Promise<RunningService> {
  const { logger } = options;
  const { registry, jobs } = createMetrics(options.service);
  const transport = createQueueTransport({
    redisUrl: options.redisUrl,
    databaseUrl: options.databaseUrl,
    prefix: options.prefix,
  });
  const workers = createWorkers({
    transport,
    processors: options.processors,
    logger,
    concurrency: options.concurrency,
    lockMs: options.lockMs,
    metrics: jobs,
  });
  const checks: Record<string, () => Promise<unknown>> = {
    queue: () => transport.ping(),
    ...options.readiness,
  };
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      const results = await runChecks(checks);
      const ready = Object.values(results).every((r) => r === 'ok');
      return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks: results });
    }
    if (path === '/metrics') {
      res.writeHead(200, { 'content-type': registry.contentType });
      return res.end(await registry.metrics());
    }
    return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const port = await listen(server, options.healthPort);
  logger.info(
    { port, transport: transport.kind, jobs: options.processors.map((p) => p.name) },
    `${options.service} started`,
  );
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info('stopping: finishing jobs in hand');
      await workers.close();
      await transport.close();
      await options.onClose?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      logger.info('stopped');
    })();
    return closing;
  };
  return { transport, healthPort: port, close };
}

/** SIGTERM/SIGINT → graceful close, then exit; a second signal exits at once. */
export function closeOnSignals(service: { close(): Promise<void> }, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'signal received');
    service.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

async function runChecks(
  checks: Record<string, () => Promise<unknown>>,
): Promise<Record<string, 'ok' | 'fail'>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        return [name, 'ok'] as const;
      } catch {
        return [name, 'fail'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function send(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve((server.address() as AddressInfo).port));
  });
}
