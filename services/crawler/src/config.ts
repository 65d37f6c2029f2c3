import { availableParallelism } from 'node:os';
import { env, workerEnvShape, z } from '@app/config';
import { DEFAULT_TIME_ZONE } from '@app/contracts';

export const crawlerConfigSchema = z.object({
  // NODE_ENV, DATABASE_URL, REDIS_URL, LOG_LEVEL and WORKER_CONCURRENCY, documented in @app/config.
  ...workerEnvShape,
  /**
   * Crawls in flight at once. A crawl mostly waits on its source, and crawls in flight together
   * share their database statements, sanitising task and queue writes, so the crawler runs more
   * than the other workers' default of 2.
   */
  WORKER_CONCURRENCY: env.concurrency(16),
  /** /healthz, /readyz and /metrics; a fixed port per service so all of them can share one host. */
  HEALTH_PORT: env.port(9101),
  /** Lets feeds on loopback/private addresses be fetched. Tests and intranet set it; public deployments must not. */
  CRAWLER_ALLOW_PRIVATE_HOSTS: env.booleanString.default(false),
  /** Per-request timeout (ms) for feeds and pages. */
  CRAWLER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** Largest body accepted (bytes, after decompression). */
  CRAWLER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Seconds between checks of a source without its own check_interval/crawl_frequency. */
  CRAWLER_DEFAULT_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Blog items whose feed text is shorter than this get the article extracted from the page. */
  CRAWLER_EXTRACT_BELOW_CHARS: z.coerce.number().int().min(0).default(500),
  /** At most this many page extractions per crawl. */
  CRAWLER_EXTRACT_MAX: z.coerce.number().int().min(0).default(10),
  /**
   * Worker threads that sanitise crawled HTML, the crawler's heaviest CPU work, off the thread that
   * runs the network and database I/O. 0: inline. Default: one fewer than the CPUs, 1 to 4.
   */
  CRAWLER_SANITIZE_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(32)
    .default(Math.min(4, Math.max(1, availableParallelism() - 1))),
  /**
   * The crawler's commits do not wait for the WAL flush (synchronous_commit = off on its own
   * connections). Everything it writes is fetched again by the next crawl, so a PostgreSQL crash
   * that loses its last fraction of a second costs nothing, while each crawl stops waiting on disk.
   */
  CRAWLER_ASYNC_COMMIT: env.booleanString.default(true),
  /** Registers the job schedulers (due-crawl tick, daily pipeline). Default: on, except NODE_ENV=test. */
  CRAWLER_SCHEDULER: env.booleanString.optional(),
  /** Cron of the tick that starts due crawls (each source on its own interval). */
  CRAWL_DUE_CRON: z.string().default('*/5 * * * *'),
  /** Cron and time zone of the daily pipeline (a processing task per active source, then crawls). */
  DAILY_PIPELINE_CRON: z.string().default('0 6 * * *'),
  DAILY_PIPELINE_TZ: z.string().default(DEFAULT_TIME_ZONE),
  /** YouTube Data API key; unset: the channel's public feed. */
  YOUTUBE_API_KEY: z.string().optional(),
  /** Root URL of the YouTube Data API (a fake in tests). */
  YOUTUBE_API_ROOT: z.url().optional(),
  /** X API v2 bearer token for platform 'twitter' (keyword search). */
  X_BEARER_TOKEN: z.string().optional(),
  X_API_BASE: z.url().default('https://api.x.com'),
  /** RSS bridge for Xiaohongshu keyword search, with {keyword}, e.g. https://rsshub.app/xiaohongshu/keyword/{keyword}. */
  XIAOHONGSHU_BRIDGE_URL: z.string().optional(),
  /** Base of subreddit listings. */
  REDDIT_BASE_URL: z.url().default('https://www.reddit.com'),
});

export type CrawlerConfig = z.infer<typeof crawlerConfigSchema>;
