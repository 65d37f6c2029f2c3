import path from 'node:path';
import { QUEUE_NAMES } from '@app/contracts';
import { closePrisma, getPrisma, type PrismaClient } from '@app/db';
import { createLlm, type Llm } from '@app/llm';
import { createLogger, type Logger } from '@app/logger';
import {
  createProducer,
  type KeptJobSchedulers,
  keepJobSchedulers,
  type RunningService,
  startWorkerService,
} from '@app/queue';
import { createStorage, type ObjectStorage } from '@app/storage';
import { resolveEncoder } from './audio/encode.ts';
import { resolveSpeechEngine, type SpeechEngine } from './audio/tts.ts';
import type { PodcastConfig } from './config.ts';
import type { PodcastDeps } from './podcast/deps.ts';
import { generatePodcastProcessor } from './processors/generate-podcast.processor.ts';
import { podcastDailyProcessor } from './processors/podcast-daily.processor.ts';

export const SERVICE_NAME = 'podcast';
export const PODCAST_SCHEDULER_ID = 'podcast-daily';

export type ServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the shared client. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. */
  prefix?: string;
  llm?: Llm;
  /** null forces text-only podcasts. */
  speech?: SpeechEngine | null;
  storage?: ObjectStorage;
  now?: () => Date;
};

/** The podcast worker: the daily scheduler tick and one job per podcast task. */
export async function startService(
  config: PodcastConfig,
  overrides: ServiceOverrides = {},
): Promise<RunningService> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
  const prisma = overrides.prisma ?? getPrisma();
  const llm =
    overrides.llm ??
    createLlm({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL });
  const speech = overrides.speech !== undefined ? overrides.speech : await resolveSpeechEngine(config);
  const encoder = await resolveEncoder(config.PODCAST_ENCODER);
  const storage = overrides.storage ?? createStorage(config);
  let scheduled: Promise<unknown> | undefined;
  let schedulers: KeptJobSchedulers | undefined;
  // Filled once the transport exists: the daily tick enqueues generation jobs on the same namespace.
  let enqueue: PodcastDeps['producer']['enqueue'] = async () => {
    throw new Error('podcast producer not ready');
  };
  const deps: Omit<PodcastDeps, 'log'> = {
    prisma,
    llm,
    speech,
    encoder,
    storage,
    producer: { enqueue: (name, payload, options) => enqueue(name, payload, options) },
    workDir: config.PODCAST_WORK_DIR ?? path.join(config.STORAGE_DIR, '_work', 'podcast'),
    chunkChars: config.PODCAST_CHUNK_CHARS,
    espeakRate: config.PODCAST_ESPEAK_RATE,
    leaseMs: config.PODCAST_LEASE_SECONDS * 1000,
    timeZone: config.PODCAST_TZ,
    maxSummaries: config.PODCAST_MAX_SUMMARIES,
    now: overrides.now ?? (() => new Date()),
  };
  const service = await startWorkerService({
    service: SERVICE_NAME,
    logger,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    prefix: overrides.prefix,
    healthPort: config.HEALTH_PORT,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    processors: [podcastDailyProcessor(deps), generatePodcastProcessor(deps)],
    readiness: {
      database: () => prisma.$queryRaw`SELECT 1`,
      // Not ready until the daily scheduler is registered (a cron scheduler takes a moment on PostgreSQL).
      scheduler: () => scheduled ?? Promise.reject(new Error('starting')),
    },
    // Only the shared client is ours to close; a caller's client stays open for the caller.
    onClose: async () => {
      await schedulers?.stop();
      await producer.close();
      if (!overrides.storage) await storage.close();
      if (!overrides.prisma) await closePrisma();
    },
  });
  const producer = createProducer(service.transport);
  enqueue = producer.enqueue;
  logger.info(
    {
      speech: speech?.name ?? 'none',
      encoder,
      storage: storage.kind,
      script: llm.isConfigured ? 'llm' : 'offline',
    },
    'podcast engines',
  );
  if (config.PODCAST_SCHEDULER ?? config.NODE_ENV !== 'test') {
    // Idempotent upsert: every replica may run it at start; BullMQ keeps one scheduler per id.
    schedulers = keepJobSchedulers(
      service.transport.createQueue(QUEUE_NAMES.podcast),
      [
        {
          id: PODCAST_SCHEDULER_ID,
          repeat: { pattern: config.PODCAST_CRON, tz: config.PODCAST_TZ },
          template: {
            name: 'podcast-daily',
            data: {},
            opts: { attempts: 3, removeOnComplete: 100, removeOnFail: 100 },
          },
        },
      ],
      { refreshMs: config.SCHEDULER_CHECK_SECONDS * 1000, logger },
    );
    await schedulers.registered;
    scheduled = schedulers.registered;
    logger.info({ cron: config.PODCAST_CRON, tz: config.PODCAST_TZ }, 'podcast scheduler registered');
  } else {
    scheduled = Promise.resolve();
  }
  return service;
}
