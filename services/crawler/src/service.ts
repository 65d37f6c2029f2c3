import { QUEUE_NAMES } from '@app/contracts';
import { createPrismaClient } from '@app/db';
import { defineWorkerService, type WorkerServiceOverrides } from '@app/queue';
import { type CrawlerConfig, crawlerConfigSchema } from './config.ts';
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

export type ServiceOverrides = WorkerServiceOverrides & {
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
export const crawlerService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: crawlerConfigSchema,
  // Its own client (not the shared one), so its commit setting stays its own.
  createPrisma: (config) =>
    createPrismaClient(config.DATABASE_URL, { asyncCommit: config.CRAWLER_ASYNC_COMMIT }),
  setup: ({ config, prisma, producer }, overrides: ServiceOverrides) => {
    const fetcher = createFetcher({
      allowPrivateHosts: config.CRAWLER_ALLOW_PRIVATE_HOSTS,
      defaultTimeoutMs: config.CRAWLER_TIMEOUT_MS,
      defaultMaxBytes: config.CRAWLER_MAX_BYTES,
    });
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
    return {
      processors: [crawlDatasourceProcessor(deps), crawlDueProcessor(deps), dailyPipelineProcessor(deps)],
      schedulers:
        (config.CRAWLER_SCHEDULER ?? config.NODE_ENV !== 'test')
          ? [
              {
                id: CRAWL_DUE_SCHEDULER_ID,
                repeat: { pattern: config.CRAWL_DUE_CRON, tz: 'UTC' },
                template: { name: 'crawl-due', data: {} },
              },
              {
                id: DAILY_PIPELINE_SCHEDULER_ID,
                repeat: { pattern: config.DAILY_PIPELINE_CRON, tz: config.DAILY_PIPELINE_TZ },
                template: { name: 'daily-pipeline', data: {} },
              },
            ]
          : [],
      close: async () => {
        await fetcher.close();
        await sanitizer.close();
      },
    };
  },
});

export const startService = crawlerService.start;
