import { loadConfig } from '@app/config';
import { createLogger } from '@app/logger';
import { createTestDatabase, fixturesDir, startFeedServer } from '@app/testing';
import { crawlerConfigSchema } from '../../src/config.ts';
import type { CrawlDeps } from '../../src/crawl-datasource.ts';
import { createFetcher } from '../../src/fetch/http-fetcher.ts';
import { crawlSettingsOf } from '../../src/service.ts';

/** The clock of every crawl here: the evening the fixture feeds are dated to. */
export const CRAWL_NOW = new Date('2026-11-20T20:00:00Z');

/**
 * What crawlDatasource runs on in these tests: a test database with one topic, the fixtures on a
 * local feed server, a fetcher that may reach it, and the jobs it queues recorded (not run).
 */
export async function startCrawlHarness(topic: { slug: string; name: string }) {
  const db = await createTestDatabase();
  const feeds = await startFeedServer({ dir: fixturesDir() }).catch(async (error) => {
    await db.drop();
    throw error;
  });
  const fetcher = createFetcher({ allowPrivateHosts: true });
  const close = async () => {
    await fetcher.close();
    await feeds.close();
    await db.drop();
  };
  const topicId = await db.prisma.topic
    .create({ data: topic })
    .then((row) => row.id)
    .catch(async (error) => {
      await close();
      throw error;
    });
  const queued: { name: string; payload: unknown }[] = [];
  const log = createLogger('t', { level: 'silent' });

  /** The crawl's dependencies, with these crawler settings on top of the test ones. */
  const deps = (env: Record<string, string> = {}): CrawlDeps => {
    const config = loadConfig(crawlerConfigSchema, {
      DATABASE_URL: db.url,
      CRAWLER_ALLOW_PRIVATE_HOSTS: 'true',
      ...env,
    });
    return {
      prisma: db.prisma,
      fetcher,
      settings: crawlSettingsOf(config),
      enqueue: async (name, payload) => {
        queued.push({ name, payload });
        return 'id';
      },
      log,
      clock: () => CRAWL_NOW,
    };
  };

  return {
    db,
    feeds,
    topicId,
    queued,
    deps,
    close,
  };
}

export type CrawlHarness = Awaited<ReturnType<typeof startCrawlHarness>>;
