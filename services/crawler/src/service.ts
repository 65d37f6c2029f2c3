import { QUEUE_NAMES } from '@app/contracts';
import { createPrismaClient, type PrismaClient } from '@app/db';
import { createLogger, type Logger } from '@app/logger';
import {
  createProducer,
  createQueueTransport,
  type KeptJobSchedulers,
  keepJobSchedulers,
  type RunningService,
  startWorkerService,
} from '@app/queue';
import type { CrawlerConfig } from './config.ts';
import type { CrawlDeps } from './crawl-datasource.ts';
import { createEnqueueMany } from './enqueue-many.ts';
import { createFetcher } from './fetch/http-fetcher.ts';
import { createSanitizer } from './parse/sanitizer.ts';
import { crawlDatasourceProcessor } from './processors/crawl-datasource.processor.ts';
import { crawlDueProcessor } from './processors/crawl-due.processor.ts';
import { dailyPipelineProcessor } from './processors/daily-pipeline.processor.ts';
import { queuedSummaryPosts } from './scheduler.ts';

export const SERVICE_NAME = 'crawler';
export const CRAWL_DUE_SCHEDULER_ID = 'crawl-due';
export const DAILY_PIPELINE_SCHEDULER_ID = 'daily-pipeline';

export type ServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the shared client. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. */
  prefix?: string;
  clock?: () => Date;
  /** Test hook, see CrawlDeps.afterStore. */
  afterStore?: () => Promise<void>;
};

export function crawlSettingsOf(config: CrawlerConfig): CrawlDeps['settings'] {
  return {
    youtubeApiKey: config.YOUTUBE_API_KEY,
    youtubeApiRoot: config.YOUTUBE_API_ROOT,
    xBearerToken: config.X_BEARER_TOKEN,
    xApiBase: config.X_API_BASE,
    xiaohongshuBridgeUrl: config.XIAOHONGSHU_BRIDGE_URL,
    redditBase: config.REDDIT_BASE_URL,
    timeoutMs: config.CRAWLER_TIMEOUT_MS,
    maxBytes: config.CRAWLER_MAX_BYTES,
    extractBelowChars: config.CRAWLER_EXTRACT_BELOW_CHARS,
    extractMaxPerCrawl: config.CRAWLER_EXTRACT_MAX,
    defaultIntervalSeconds: config.CRAWLER_DEFAULT_INTERVAL_SECONDS,
  };
}

/** The crawler: crawl jobs, the due-crawl tick and the daily pipeline, with their job schedulers. */
export async function startService(
  config: CrawlerConfig,
  overrides: ServiceOverrides = {},
): Promise<RunningService> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
  // Its own client (not the shared one), so its commit setting stays its own.
  const prisma =
    overrides.prisma ?? createPrismaClient(config.DATABASE_URL, { asyncCommit: config.CRAWLER_ASYNC_COMMIT });
  const fetcher = createFetcher({
    allowPrivateHosts: config.CRAWLER_ALLOW_PRIVATE_HOSTS,
    defaultTimeoutMs: config.CRAWLER_TIMEOUT_MS,
    defaultMaxBytes: config.CRAWLER_MAX_BYTES,
  });
  // The producer has its own transport, ready before the workers start taking jobs.
  const producerTransport = createQueueTransport({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: overrides.prefix,
  });
  const producer = createProducer(producerTransport);
  const sanitizer = createSanitizer({ threads: config.CRAWLER_SANITIZE_THREADS });
  const deps: Omit<CrawlDeps, 'log'> = {
    prisma,
    fetcher,
    sanitizer,
    settings: crawlSettingsOf(config),
    enqueue: (name, payload, options) => producer.enqueue(name, payload, options),
    enqueueMany: createEnqueueMany(producer),
    queuedSummaryPosts: queuedSummaryPosts(producer.queue(QUEUE_NAMES.summarize)),
    clock: overrides.clock,
    afterStore: overrides.afterStore,
  };
  let schedulers: KeptJobSchedulers | undefined;
  if (config.CRAWLER_SCHEDULER ?? config.NODE_ENV !== 'test') {
    // Idempotent upserts: every replica may run them at start; BullMQ keeps one scheduler per id.
    const opts = { attempts: 1, removeOnComplete: 100, removeOnFail: 100 };
    schedulers = keepJobSchedulers(
      producer.queue(QUEUE_NAMES.crawl),
      [
        {
          id: CRAWL_DUE_SCHEDULER_ID,
          repeat: { pattern: config.CRAWL_DUE_CRON, tz: 'UTC' },
          template: { name: 'crawl-due', data: {}, opts },
        },
        {
          id: DAILY_PIPELINE_SCHEDULER_ID,
          repeat: { pattern: config.DAILY_PIPELINE_CRON, tz: config.DAILY_PIPELINE_TZ },
          template: { name: 'daily-pipeline', data: {}, opts },
        },
      ],
      { refreshMs: config.SCHEDULER_CHECK_SECONDS * 1000, logger },
    );
    await schedulers.registered;
    logger.info(
      { due: config.CRAWL_DUE_CRON, daily: config.DAILY_PIPELINE_CRON, tz: config.DAILY_PIPELINE_TZ },
      'crawl schedulers registered',
    );
  }
  const service = await startWorkerService({
    service: SERVICE_NAME,
    logger,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    prefix: overrides.prefix,
    healthPort: config.HEALTH_PORT,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    processors: [crawlDatasourceProcessor(deps), crawlDueProcessor(deps), dailyPipelineProcessor(deps)],
    readiness: { database: () => prisma.$queryRaw`SELECT 1` },
    onClose: async () => {
      await schedulers?.stop();
      await producer.close();
      await producerTransport.close();
      await fetcher.close();
      await sanitizer.close();
      // A caller's client stays open for the caller.
      if (!overrides.prisma) await prisma.$disconnect();
    },
  });
  return service;
}
