import { hostname } from 'node:os';
import type { WorkerEnv, z } from '@app/config';
import { JOB_DEFINITIONS, type JobName, type QueueName } from '@app/contracts';
import { closePrisma, getPrisma, type PrismaClient } from '@app/db';
import { createLogger, type Logger } from '@app/logger';
import { type HealthChecks, type HealthServer, startHealthServer } from './health-server.ts';
import { scheduledOptionsOf } from './job-options.ts';
import { createMetrics } from './metrics.ts';
import { createProducer, type Producer } from './producer.ts';
import { type JobSchedulerSpec, type KeptJobSchedulers, keepJobSchedulers } from './schedulers.ts';
import { settleAfterStart } from './startup-memory.ts';
import { createQueueTransport, type QueueTransport } from './transport.ts';
import { createWorkers, type ProcessorDefinition, WorkerSetupError } from './worker.ts';

/** A worker service's config schema: its own keys on top of @app/config's workerEnvShape. */
export type WorkerConfigSchema = z.ZodObject & z.ZodType<WorkerEnv>;

/** What a caller (a test, another service's test) may swap in any worker service. */
export type WorkerServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the service's own. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. Default: QUEUE_PREFIX, else the shared one. */
  prefix?: string;
  /** The process is this service (main.ts): settle its memory once started (see settleAfterStart). */
  settle?: boolean;
};

/** What the shared start hands a service's setup. */
export type WorkerServiceContext<C> = {
  config: C;
  logger: Logger;
  prisma: PrismaClient;
  /** Adds jobs on the service's own queue namespace; open before the workers take jobs. */
  producer: Producer;
  /** Aborted as close() begins, before the workers stop: a long job stops taking on new work. */
  signal: AbortSignal;
};

/** What is a service's own: its processors, its job schedulers, its extra checks and connections. */
export type WorkerServiceParts<X extends object> = {
  // biome-ignore lint/suspicious/noExplicitAny: processors are checked against the job catalogue at start
  processors: ProcessorDefinition<any>[];
  /**
   * Job schedulers, each on the queue of its template's job; registered before the workers start
   * (idempotent upserts: every replica may run them) and kept while the service runs.
   */
  schedulers?: JobSchedulerSpec[];
  /** Readiness checks beyond the queue and the database; each throws when unhealthy. */
  readiness?: HealthChecks;
  /** Runs after the workers finished their jobs: closes what setup opened. */
  close?: () => Promise<void>;
  /** Added to the running service (e.g. a step tests call directly). */
  expose?: X;
};

export type WorkerServiceDefinition<
  S extends WorkerConfigSchema,
  O extends WorkerServiceOverrides,
  X extends object,
> = {
  /** Names the logger, the metrics and the start/stop log lines. */
  name: string;
  configSchema: S;
  /** How long a job's lock lives without renewal; default WORKER_LOCK_MS. */
  lockMs?: (config: z.output<S>) => number;
  /** A client of its own instead of the shared one; closed with the service. */
  createPrisma?: (config: z.output<S>) => PrismaClient;
  /** Builds the service's own part; `overrides` is what the caller passed to start (tests swap deps). */
  setup(
    context: WorkerServiceContext<z.output<S>>,
    overrides: O,
  ): WorkerServiceParts<X> | Promise<WorkerServiceParts<X>>;
};

export type RunningService = {
  transport: QueueTransport;
  healthPort: number;
  /** Stops taking jobs, lets the jobs in hand finish, then closes connections; safe to call twice. */
  close(): Promise<void>;
};

export type WorkerService<
  S extends WorkerConfigSchema = WorkerConfigSchema,
  O extends WorkerServiceOverrides = WorkerServiceOverrides,
  X extends object = object,
> = {
  name: string;
  configSchema: S;
  /** A service's own overrides are all optional, so main passes only the logger. */
  start(config: z.output<S>, overrides?: O): Promise<RunningService & X>;
};

/**
 * One worker service: the shared part (logger, database client, queue transport and producer,
 * job schedulers, workers with WORKER_CONCURRENCY and the lock duration, /healthz, /readyz with
 * the queue and database checks, /metrics, graceful close) around what `setup` says is its own.
 */
export function defineWorkerService<
  S extends WorkerConfigSchema,
  O extends WorkerServiceOverrides = WorkerServiceOverrides,
  X extends object = object,
>(definition: WorkerServiceDefinition<S, O, X>): WorkerService<S, O, X> {
  return {
    name: definition.name,
    configSchema: definition.configSchema,
    start: (config, overrides) => startWorkerService(definition, config, overrides ?? ({} as O)),
  };
}

async function startWorkerService<
  S extends WorkerConfigSchema,
  O extends WorkerServiceOverrides,
  X extends object,
>(
  definition: WorkerServiceDefinition<S, O, X>,
  config: z.output<S>,
  overrides: O,
): Promise<RunningService & X> {
  const { name } = definition;
  const logger = overrides.logger ?? createLogger(name, { level: config.LOG_LEVEL });
  const prisma = overrides.prisma ?? definition.createPrisma?.(config) ?? getPrisma();
  const transport = createQueueTransport({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: overrides.prefix ?? config.QUEUE_PREFIX,
  });
  const producer = createProducer(transport);
  const stopping = new AbortController();
  const lockMs = definition.lockMs?.(config) ?? config.WORKER_LOCK_MS;
  const { registry, jobs } = createMetrics(name);
  let parts: WorkerServiceParts<X> | undefined;
  let schedulers: KeptJobSchedulers[] = [];
  let workers: ReturnType<typeof createWorkers> | undefined;
  let server: HealthServer | undefined;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info('stopping: finishing jobs in hand');
      stopping.abort();
      await Promise.all(schedulers.map((kept) => kept.stop()));
      await workers?.close();
      await producer.close();
      await parts?.close?.();
      await transport.close();
      // A caller's client stays open for the caller.
      if (!overrides.prisma) await (definition.createPrisma ? prisma.$disconnect() : closePrisma());
      await server?.close();
      logger.info('stopped');
    })();
    return closing;
  };

  try {
    parts = await definition.setup({ config, logger, prisma, producer, signal: stopping.signal }, overrides);
    schedulers = await registerSchedulers(parts.schedulers ?? [], producer, {
      refreshMs: config.SCHEDULER_CHECK_SECONDS * 1000,
      logger,
    });
    workers = createWorkers({
      transport,
      processors: parts.processors,
      logger,
      concurrency: config.WORKER_CONCURRENCY,
      lockMs,
      metrics: jobs,
      name: workerName(name),
    });
    server = await startHealthServer({
      port: config.HEALTH_PORT,
      host: config.HEALTH_HOST,
      ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
      registry,
      checks: {
        queue: () => transport.ping(),
        database: () => prisma.$queryRaw`SELECT 1`,
        ...parts.readiness,
      },
    });
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  logger.info(
    {
      port: server.port,
      transport: transport.kind,
      jobs: parts.processors.map((p) => p.name),
      concurrency: config.WORKER_CONCURRENCY,
      lockMs,
    },
    `${name} started`,
  );
  if (overrides.settle) settleAfterStart(prisma, logger);
  return { ...(parts.expose as X), transport, healthPort: server.port, close };
}

/**
 * `crawler:<host>:<pid>`: what a job records as `processedBy` when this process takes it. The host is
 * the container or pod, the pid tells apart replicas that share one.
 */
function workerName(service: string): string {
  return `${service}:${hostname()}:${process.pid}`;
}

/** One kept set of schedulers per queue; resolves once all are registered. */
async function registerSchedulers(
  specs: JobSchedulerSpec[],
  producer: Producer,
  options: { refreshMs: number; logger: Logger },
): Promise<KeptJobSchedulers[]> {
  if (specs.length === 0) return [];
  const byQueue = new Map<QueueName, JobSchedulerSpec[]>();
  for (const spec of specs) {
    const name = spec.template.name as JobName;
    const queue = JOB_DEFINITIONS[name]?.queue;
    if (!queue) throw new WorkerSetupError(`Scheduler ${spec.id} names unknown job ${spec.template.name}`);
    // The runs it adds take the job catalogue's options unless the spec gives its own.
    const template = { ...spec.template, opts: spec.template.opts ?? scheduledOptionsOf(name) };
    byQueue.set(queue, [...(byQueue.get(queue) ?? []), { ...spec, template }]);
  }
  const kept = [...byQueue].map(([queue, queueSpecs]) =>
    keepJobSchedulers(producer.queue(queue), queueSpecs, options),
  );
  const results = await Promise.allSettled(kept.map((k) => k.registered));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(kept.map((k) => k.stop()));
    throw failed.reason;
  }
  options.logger.info(
    { schedulers: specs.map((spec) => ({ id: spec.id, ...spec.repeat })) },
    'job schedulers registered',
  );
  return kept;
}
