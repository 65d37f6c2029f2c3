import { loadConfig } from '@app/config';
import { crawlerConfigSchema, type ServiceOverrides, startService as startCrawler } from '@app/crawler';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport } from '@app/queue';
import { startService as startSummarizer, summarizerConfigSchema } from '@app/summarizer';
import {
  cleanupPrefix,
  createTestDatabase,
  type FakeOpenAIHandlers,
  type FeedServer,
  fixturesDir,
  startFakeOpenAI,
  startFeedServer,
  type TestDatabase,
  testTransportOptions,
  waitFor,
} from '@app/testing';

/** The synthetic bridge fixtures are dated 2026-11-02 … 2026-11-20; "now" is that evening. */
export const NOW = new Date('2026-11-20T20:00:00Z');

/** The crawler's settings for the local feed server: private hosts allowed, no article extraction. */
export const crawlerEnv = (db: TestDatabase, redisUrl: string) => ({
  NODE_ENV: 'test',
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  HEALTH_PORT: '0',
  CRAWLER_ALLOW_PRIVATE_HOSTS: 'true',
  CRAWLER_EXTRACT_MAX: '0',
  CRAWLER_TIMEOUT_MS: '5000',
});

export type PipelineStack = Awaited<ReturnType<typeof startPipeline>>;

/**
 * The crawler and the summarizer on their own database and queue prefix, the fixtures on a local
 * feed server, the model a fake OpenAI-compatible server; the crawler's clock at NOW.
 */
export async function startPipeline(options: {
  chat: FakeOpenAIHandlers['chat'];
  /** Before the crawler starts: routes of the feed server the crawler's settings point at. */
  onFeeds?: (feeds: FeedServer) => void;
  /** More crawler settings, given the feed server (an API base on it, say). */
  crawlerEnv?: (feeds: FeedServer) => Record<string, string>;
  crawlerDeps?: Pick<ServiceOverrides, 'afterStore'>;
  summarizerEnv?: Record<string, string>;
}) {
  const log = createLogger('test', { level: 'silent' });
  // What has started, to stop in reverse: on close, or when a later part fails to start.
  const started: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  const begin = async <T>(start: () => Promise<T>, stop: (part: T) => Promise<unknown>): Promise<T> => {
    const part = await start();
    started.push(() => stop(part));
    return part;
  };
  try {
    const db = await begin(createTestDatabase, (part) => part.drop());
    const transportOptions = testTransportOptions(db.url);
    started.push(() => cleanupPrefix(transportOptions.prefix));
    const feeds = await begin(
      () => startFeedServer({ dir: fixturesDir() }),
      (part) => part.close(),
    );
    const openai = await begin(
      () => startFakeOpenAI({ chat: options.chat }),
      (part) => part.close(),
    );
    options.onFeeds?.(feeds);
    const crawler = await begin(
      () =>
        startCrawler(
          loadConfig(crawlerConfigSchema, {
            ...crawlerEnv(db, transportOptions.redisUrl),
            ...options.crawlerEnv?.(feeds),
          }),
          {
            prisma: db.prisma,
            prefix: transportOptions.prefix,
            logger: log,
            clock: () => NOW,
            ...options.crawlerDeps,
          },
        ),
      (part) => part.close(),
    );
    const summarizer = await begin(
      () =>
        startSummarizer(
          loadConfig(summarizerConfigSchema, {
            NODE_ENV: 'test',
            DATABASE_URL: db.url,
            REDIS_URL: transportOptions.redisUrl,
            HEALTH_PORT: '0',
            OPENAI_BASE_URL: openai.baseURL,
            OPENAI_API_KEY: 'test-key',
            OPENAI_MODEL: 'fake-model',
            ...options.summarizerEnv,
          }),
          { prisma: db.prisma, prefix: transportOptions.prefix, logger: log },
        ),
      (part) => part.close(),
    );
    const transport = await begin(
      async () => createQueueTransport(transportOptions),
      (part) => part.close(),
    );
    const producer = await begin(
      async () => createProducer(transport),
      (part) => part.close(),
    );
    /** Runs a crawl through the queue and waits for its processing task to finish. */
    const crawl = async (datasourceId: string) => {
      const day = new Date(`${NOW.toISOString().slice(0, 10)}T00:00:00Z`);
      const before = await db.prisma.processingTask.findFirst({ where: { datasourceId, targetDate: day } });
      await producer.enqueue('crawl-datasource', { datasourceId });
      return waitFor(
        async () => {
          const task = await db.prisma.processingTask.findFirst({ where: { datasourceId, targetDate: day } });
          const done = task && (task.status === 'completed' || task.status === 'failed');
          const fresh = !before || (task?.attempts ?? 0) > before.attempts;
          return done && fresh ? task : undefined;
        },
        { timeoutMs: 20_000, message: 'crawl task to finish' },
      );
    };

    return {
      db,
      feeds,
      openai,
      crawler,
      summarizer,
      transport,
      producer,
      crawl,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
