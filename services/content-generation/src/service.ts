import { QUEUE_NAMES } from '@app/contracts';
import { closePrisma, getPrisma, type PrismaClient } from '@app/db';
import { createLlm, type Llm } from '@app/llm';
import { createLogger, type Logger } from '@app/logger';
import { createWorkers, DEFAULT_JOB_OPTIONS, type RunningService, startWorkerService } from '@app/queue';
import type { ContentGenerationConfig } from './config.ts';
import { sweepUndispatched } from './dispatch.ts';
import { createGenerateContentProcessor } from './processors/generate-content.ts';

export const SERVICE_NAME = 'content-generation';

export type ServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the shared client. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. */
  prefix?: string;
  /** Default: @app/llm from OPENAI_* (not configured without a key → template generator). */
  llm?: Llm;
};

export type ContentGenerationService = RunningService & { sweep(): Promise<number> };

/**
 * The generation worker: runs 'generate-content' jobs (one content_generation_queue row each) and
 * sweeps pending rows whose job never reached the queue. The worker is created here rather than by
 * startWorkerService so that its lock duration (how soon a killed worker's task moves on) is configurable.
 */
export async function startService(
  config: ContentGenerationConfig,
  overrides: ServiceOverrides = {},
): Promise<ContentGenerationService> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
  const prisma = overrides.prisma ?? getPrisma();
  const llm =
    overrides.llm ??
    createLlm({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL });
  if (!llm.isConfigured) logger.info('no OPENAI_API_KEY: social copy comes from the template generator');
  let workers: ReturnType<typeof createWorkers> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const running = await startWorkerService({
    service: SERVICE_NAME,
    logger,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    prefix: overrides.prefix,
    healthPort: config.HEALTH_PORT,
    concurrency: config.WORKER_CONCURRENCY,
    processors: [],
    readiness: { database: () => prisma.$queryRaw`SELECT 1` },
    onClose: async () => {
      // Only the shared client is ours to close; a caller's client stays open for the caller.
      if (!overrides.prisma) await closePrisma();
    },
  });
  const queue = running.transport.createQueue(QUEUE_NAMES.generation, {
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  const processor = createGenerateContentProcessor({ prisma, llm });
  workers = createWorkers({
    transport: {
      ...running.transport,
      createWorker: (name, handler, options) =>
        running.transport.createWorker(name, handler, {
          ...options,
          lockDuration: config.GENERATION_LOCK_MS,
          stalledInterval: config.GENERATION_LOCK_MS,
        }),
    },
    processors: [processor],
    logger,
    concurrency: config.WORKER_CONCURRENCY,
  });
  logger.info({ jobs: ['generate-content'], lockMs: config.GENERATION_LOCK_MS }, 'generation worker started');
  const sweep = () => sweepUndispatched(prisma, queue, logger);
  let sweeping = false;
  timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error) => logger.warn({ err: error }, 'generation sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, config.GENERATION_SWEEP_MS);
  timer.unref();
  let closing: Promise<void> | undefined;
  return {
    ...running,
    sweep,
    close: () => {
      closing ??= (async () => {
        if (timer) clearInterval(timer);
        await workers?.close();
        workers = undefined;
        await queue.close().catch(() => undefined);
        await running.close();
      })();
      return closing;
    },
  };
}
