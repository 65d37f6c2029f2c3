import {
  crawlDatasource,
  crawlerConfigSchema,
  createEnqueueMany,
  createFetcher,
  createSanitizer,
} from '@app/crawler';

import { createPrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport } from '@app/queue';
import { cleanupPrefix, startFeedServer } from '@app/testing';
import Parser from 'rss-parser';
import { benchDatabase } from '../lib/database.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const ITEMS_PER_FEED = 20;
const CONCURRENCY = 32;
/** Feeds each loop runs first, untimed, so both are measured with their code compiled (steady state). */
const WARMUP_FEEDS = 64;
/** The two loops take turns over slices of this many feeds, so a slow moment of the machine hits both. */
const FEEDS_PER_ROUND = { quick: 100, full: 250 };

/**
 * The crawler's own cost: N feeds served locally, each fetched, decoded, parsed, sanitised and
 * upserted (20 posts each) with its summaries queued on Redis (one job per crawl), against a bare
 * fetch + rss-parser loop over the same feeds in the same run. Then a second pass, answered 304 by conditional GET.
 * Each loop first runs over its own warm-up feeds, untimed: the figures are a running crawler's, not
 * the JIT compiler's. Then the loops alternate over slices of the feeds and their times are summed.
 */
export const crawlScenario: Scenario = {
  name: 'crawl',
  description:
    'feeds fetched, parsed and stored per second, against a bare fetch+parse loop; then a conditional-GET pass',
  async run(context) {
    const feedCount = context.full ? 1000 : 200;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_crawl');
    const total = feedCount + 2 * WARMUP_FEEDS;
    const routes = Object.fromEntries(
      Array.from({ length: total }, (_, i) => [`/feed-${i}.xml`, { body: feedXml(i) }]),
    );
    const server = await startFeedServer({ routes });
    const prefix = `bench_crawl_${Date.now().toString(36)}`;
    const transport = createQueueTransport({ redisUrl: context.redisUrl, databaseUrl: db.url, prefix });
    const producer = createProducer(transport);
    const fetcher = createFetcher({ allowPrivateHosts: true, connections: CONCURRENCY });
    // The crawler service's default pool of sanitising threads for this machine, started (and its
    // module loaded) before anything is timed.
    const threads = crawlerConfigSchema.shape.CRAWLER_SANITIZE_THREADS.parse(undefined);
    const sanitizer = createSanitizer({ threads });
    await sanitizer.sanitize([{ html: '<p>warm-up</p>' }]);
    // The crawler service's own database client, with its default commit setting.
    const crawlerPrisma = createPrismaClient(db.url, {
      asyncCommit: crawlerConfigSchema.shape.CRAWLER_ASYNC_COMMIT.parse(undefined),
    });
    try {
      const topic = await db.prisma.topic.create({ data: { slug: 'bench', name: 'Bench' } });
      await db.prisma.datasource.createMany({
        data: Array.from({ length: total }, (_, i) => ({
          topicId: topic.id,
          platform: 'blog' as const,
          sourceName: `Feed ${i}`,
          sourceUrl: `${server.url}/feed-${i}.xml`,
        })),
      });
      const all = await db.prisma.datasource.findMany({
        select: { id: true, sourceUrl: true, sourceName: true },
      });
      const numberOf = (s: { sourceName: string }) => Number(s.sourceName.slice('Feed '.length));
      all.sort((a, b) => numberOf(a) - numberOf(b));
      const sources = all.slice(0, feedCount);
      const bareWarmup = all.slice(feedCount, feedCount + WARMUP_FEEDS);
      const crawlWarmup = all.slice(feedCount + WARMUP_FEEDS);

      const parser = new Parser();
      const bareLoop = (feeds: typeof all) =>
        pool(feeds, CONCURRENCY, async (s) => {
          const res = await fetch(s.sourceUrl);
          await parser.parseString(await res.text());
        });

      const deps = {
        prisma: crawlerPrisma,
        fetcher,
        settings: {
          xApiBase: 'https://api.x.com',
          redditBase: 'https://www.reddit.com',
          timeoutMs: 15_000,
          maxBytes: 10 * 1024 * 1024,
          extractBelowChars: 500,
          extractMaxPerCrawl: 10,
          defaultIntervalSeconds: 3600,
        },
        enqueue: producer.enqueue,
        enqueueMany: createEnqueueMany(producer),
        sanitizer,
        log: createLogger('bench', { level: 'silent' }),
      };
      let failures = 0;
      const crawlLoop = (feeds: typeof all) =>
        pool(feeds, CONCURRENCY, async (s) => {
          const outcome = await crawlDatasource(deps, { datasourceId: s.id });
          if (outcome.status !== 'ok') failures += 1;
        });
      context.log(`warm-up: ${WARMUP_FEEDS} feeds through each loop`);
      await bareLoop(bareWarmup);
      await crawlLoop(crawlWarmup);
      context.log(
        'bare loop (fetch + rss-parser) and crawler (posts in PostgreSQL, summaries queued in Redis), in turns',
      );
      let bare = 0;
      let crawl = 0;
      const slice = context.full ? FEEDS_PER_ROUND.full : FEEDS_PER_ROUND.quick;
      for (let start = 0; start < feedCount; start += slice) {
        const feeds = sources.slice(start, start + slice);
        bare += await timed(() => bareLoop(feeds));
        crawl += await timed(() => crawlLoop(feeds));
      }
      const posts = await db.prisma.post.count();
      if (failures > 0 || posts !== (feedCount + WARMUP_FEEDS) * ITEMS_PER_FEED) {
        throw new Error(`crawl incomplete: ${failures} failures, ${posts} posts`);
      }
      context.log('crawler again: conditional GET (304), after a warm-up on the warm-up feeds');
      let notModified = 0;
      await pool(crawlWarmup, CONCURRENCY, async (s) => {
        await crawlDatasource(deps, { datasourceId: s.id });
      });
      const second = await timed(() =>
        pool(sources, CONCURRENCY, async (s) => {
          const outcome = await crawlDatasource(deps, { datasourceId: s.id });
          if (outcome.status === 'not_modified') notModified += 1;
        }),
      );
      if (notModified !== feedCount)
        throw new Error(`expected ${feedCount} not-modified answers, got ${notModified}`);

      const bareRate = feedCount / bare;
      const crawlRate = feedCount / crawl;
      const ratio = crawlRate / bareRate;
      const speedup = crawl / second;
      const projected1000 = 1000 / crawlRate;
      return [
        {
          scenario: 'crawl',
          figure: `crawl throughput (${feedCount} feeds × ${ITEMS_PER_FEED} items)`,
          value: crawlRate,
          unit: 'feeds/s',
          baseline: { label: 'bare fetch + rss-parser', value: bareRate },
          ratio,
          goal: '≥ 0.8 of the bare loop',
          pass: ratio >= 0.8,
        },
        {
          scenario: 'crawl',
          figure: '1,000 feeds crawled (measured, or projected in quick mode)',
          value: context.full ? crawl : projected1000,
          unit: 's',
          goal: '≤ 30 s',
          pass: (context.full ? crawl : projected1000) <= 30,
        },
        {
          scenario: 'crawl',
          figure: 'second pass with conditional GET',
          value: feedCount / second,
          unit: 'feeds/s',
          baseline: { label: 'first pass', value: crawlRate },
          ratio: speedup,
          goal: '≥ 5× faster than the first pass',
          pass: speedup >= 5,
        },
      ] satisfies Figure[];
    } finally {
      await fetcher.close();
      await sanitizer.close();
      await crawlerPrisma.$disconnect();
      await producer.close();
      await transport.close();
      await cleanupPrefix(prefix, context.redisUrl);
      await server.close();
      await db.drop();
    }
  },
};

async function timed(run: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await work(item);
      }
    }),
  );
}

/** A realistic blog feed: 20 items with full HTML content (so no page extraction), one per feed id. */
function feedXml(feed: number): string {
  const items = Array.from({ length: ITEMS_PER_FEED }, (_, i) => {
    const paragraphs = Array.from(
      { length: 4 },
      (_, p) =>
        `<p>Paragraph ${p} of post ${i} in feed ${feed}: indie makers ship small products, measure what users do, and keep what works. <a href="/tags/shipping">Shipping</a> beats planning &amp; <em>talking</em>.</p>`,
    ).join('');
    const date = new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - i * 3600_000).toUTCString();
    return `<item><title>Post ${i} of feed ${feed}: lessons from shipping</title><link>https://blog${feed}.example/posts/${i}</link><guid>https://blog${feed}.example/posts/${i}</guid><pubDate>${date}</pubDate><dc:creator>Author ${feed}</dc:creator><description>Lessons from shipping, part ${i}.</description><content:encoded><![CDATA[${paragraphs}<img src="/img/${i}.png" alt="x">]]></content:encoded></item>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Blog ${feed}</title><link>https://blog${feed}.example/</link><description>Feed ${feed}</description>${items}</channel></rss>`;
}
