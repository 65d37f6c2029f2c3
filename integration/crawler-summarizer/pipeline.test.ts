import { loadConfig } from '@app/config';
import { crawlDatasource, crawlerConfigSchema, crawlSettingsOf, createFetcher } from '@app/crawler';
import type { Platform } from '@app/db';
import { createLogger } from '@app/logger';
import type { Producer } from '@app/queue';
import { type FeedServer, type TestDatabase, waitFor } from '@app/testing';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerEnv, NOW, type PipelineStack, startPipeline } from './pipeline-stack.ts';

// End to end on the real PostgreSQL and Redis: crawl job → posts → summarize jobs → summaries,
// with the fixtures on a local feed server and a fake OpenAI-compatible LLM.

let stack: PipelineStack;
let db: TestDatabase;
let feeds: FeedServer;
let producer: Producer;
let topicId: string;
let crashAfterStore = 0;
const log = createLogger('test', { level: 'silent' });

beforeAll(async () => {
  stack = await startPipeline({
    chat: (request) => {
      const zh = JSON.stringify(request.messages).includes('简体中文');
      return zh
        ? { headline: 'LLM 标题', content: '- 要点一\n- 要点二' }
        : { headline: 'LLM headline', content: '- point one\n- point two' };
    },
    onFeeds: (server) =>
      server.setRoute('/2/tweets/search/recent', {
        body: JSON.stringify({
          data: [
            {
              id: '101',
              text: 'Launching our indie SaaS today #buildinpublic',
              created_at: '2026-11-20T10:00:00Z',
              author_id: 'u1',
            },
            {
              id: '102',
              text: 'MRR update: $10k & growing',
              created_at: '2026-11-20T12:00:00Z',
              author_id: 'u1',
            },
          ],
          includes: { users: [{ id: 'u1', name: 'Maker', username: 'maker' }] },
          meta: {},
        }),
        headers: { 'content-type': 'application/json' },
      }),
    crawlerEnv: (server) => ({ X_BEARER_TOKEN: 'test-token', X_API_BASE: server.url }),
    crawlerDeps: {
      afterStore: async () => {
        if (crashAfterStore > 0) {
          crashAfterStore -= 1;
          throw new Error('simulated crash after storing posts');
        }
      },
    },
  });
  ({ db, feeds, producer } = stack);
  const topic = await db.prisma.topic.create({
    data: { slug: 'indie', name: 'Indie Hacking', description: 'x' },
  });
  topicId = topic.id;
});

afterAll(async () => {
  await stack?.close();
});

async function addSource(
  platform: Platform,
  path: string,
  extra: { config?: object; language?: 'EN' | 'ZH'; sourceUrl?: string } = {},
) {
  return db.prisma.datasource.create({
    data: {
      topicId,
      platform,
      sourceName: `${platform} ${path}`,
      sourceUrl: extra.sourceUrl ?? `${feeds.url}/${path}`,
      language: extra.language ?? 'EN',
      config: extra.config ?? {},
    },
  });
}

const crawl = (datasourceId: string) => stack.crawl(datasourceId);

async function summariesOf(datasourceId: string, expected: number) {
  return waitFor(
    async () => {
      const rows = await db.prisma.summary.findMany({ where: { datasourceId } });
      return rows.length >= expected ? rows : undefined;
    },
    { timeoutMs: 20_000, message: `${expected} summaries` },
  );
}

describe('crawls side by side', () => {
  it('runs many crawls at once, so a slow source does not hold the others, and stores each one’s posts', async () => {
    const count = 12;
    let inFlight = 0;
    let most = 0;
    const held: (() => void)[] = [];
    // Each feed answers once all the crawls are waiting on it (or after 2 s, for a crawler that runs fewer).
    const slow = createServer((req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const answer = () => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>Slow</title>` +
            [1, 2]
              .map(
                (i) =>
                  `<item><title>Post ${i}</title><link>https://slow.example${req.url}/${i}</link></item>`,
              )
              .join('') +
            '</channel></rss>',
        );
      };
      held.push(answer);
      if (held.length >= count) for (const release of held.splice(0)) release();
      else
        setTimeout(() => {
          const at = held.indexOf(answer);
          if (at >= 0) held.splice(at, 1)[0]!();
        }, 2000);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = slow.address() as AddressInfo;
      const sources = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          addSource('blog', `slow-${i}`, { sourceUrl: `http://127.0.0.1:${port}/slow-${i}` }),
        ),
      );
      const tasks = await Promise.all(sources.map((source) => crawl(source.id)));
      expect(most).toBe(count);
      expect(tasks.map((t) => [t.status, t.postsFound])).toEqual(sources.map(() => ['completed', 2]));
      for (const source of sources) {
        const posts = await db.prisma.post.findMany({
          where: { datasourceId: source.id },
          orderBy: { url: 'asc' },
        });
        expect(posts.map((p) => p.url)).toEqual(
          [1, 2].map((i) => `https://slow.example/slow-${sources.indexOf(source)}/${i}`),
        );
      }
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('per-post platforms', () => {
  it('blog: crawl → posts → LLM summaries; a re-crawl answered 304 writes nothing', async () => {
    const source = await addSource('blog', 'rss2-zh-meituan-tech.xml', { language: 'ZH' });
    const task = await crawl(source.id);
    expect(task.status).toBe('completed');
    expect(task.postsFound).toBe(10);
    expect(await db.prisma.post.count({ where: { datasourceId: source.id } })).toBe(10);
    const summaries = await summariesOf(source.id, 10);
    expect(summaries[0]).toMatchObject({ summaryType: 'blog_post', language: 'ZH', headline: 'LLM 标题' });
    expect(summaries[0]!.metadata).toMatchObject({
      platform: 'blog',
      topic_name: 'Indie Hacking',
      datasource_id: source.id,
      generator: 'llm',
      model: 'fake-model',
    });
    expect(summaries.every((s) => s.sourceUrls.length === 1)).toBe(true);
    await waitFor(
      async () =>
        (await db.prisma.post.count({ where: { datasourceId: source.id, status: 'summarized' } })) === 10,
    );
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });

    const health = await db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
    expect(health).toMatchObject({ consecutiveFailures: 0, lastErrorClass: null });
    expect(health.etag).toBeTruthy();
    expect(health.nextCheckAt!.getTime()).toBeGreaterThan(NOW.getTime());

    const updatedAt = posts.map((p) => p.updatedAt.getTime()).sort();
    const requestsBefore = feeds.requests.length;
    const again = await crawl(source.id);
    expect(again.status).toBe('completed');
    expect(again.metadata).toMatchObject({ not_modified: true });
    expect(feeds.requests.slice(requestsBefore).map((r) => r.status)).toEqual([304]);
    const after = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(after.map((p) => p.updatedAt.getTime()).sort()).toEqual(updatedAt);
    expect(await db.prisma.summary.count({ where: { datasourceId: source.id } })).toBe(10);
  });

  it('blog: a GB2312 feed is stored as correct Chinese', async () => {
    const source = await addSource('blog', 'rss2-zh-gb2312-forum.xml', { language: 'ZH' });
    await crawl(source.id);
    const post = await db.prisma.post.findFirstOrThrow({
      where: { datasourceId: source.id, title: '建国35周年纪念，华表，和平鸽' },
    });
    expect(post.content).not.toContain('\ufffd');
    expect(post.content).not.toMatch(/onload=/);
    await summariesOf(source.id, 20);
  });

  it('blog: content with <script> is stored sanitised', async () => {
    const source = await addSource('blog', 'rss2-script-tags-in-content.xml');
    await crawl(source.id);
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(posts.length).toBe(10);
    for (const post of posts) expect(post.content).not.toMatch(/<script|widgets\.js/i);
    expect(posts.some((p) => p.content.includes('<p>'))).toBe(true);
  });

  it('youtube: the channel feed becomes youtube_video summaries with video metadata', async () => {
    const source = await addSource('youtube', 'atom-youtube-channel.xml', {
      config: { channel_id: 'UC9PBzalIcEQCsiIkq36PyUA', max_results: 5 },
    });
    const task = await crawl(source.id);
    expect(task.postsFound).toBe(5);
    const post = await db.prisma.post.findFirstOrThrow({ where: { datasourceId: source.id } });
    expect(post.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(post.metadata).toMatchObject({ video_id: expect.any(String) });
    const summaries = await summariesOf(source.id, 5);
    expect(summaries[0]!.summaryType).toBe('youtube_video');
    expect(summaries[0]!.metadata).toMatchObject({ platform: 'youtube', video_title: expect.any(String) });
  });

  it('podcast: max_episodes newest episodes with enclosures', async () => {
    const source = await addSource('podcast', 'podcast-itunes-large-giantbomb.xml', {
      config: { max_episodes: 3 },
    });
    const task = await crawl(source.id);
    expect(task.postsFound).toBe(3);
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(posts[0]!.metadata).toMatchObject({
      audio_url: expect.stringMatching(/^https?:\/\//),
      duration: expect.any(String),
    });
    const summaries = await summariesOf(source.id, 3);
    expect(summaries[0]!.summaryType).toBe('podcast');
    expect(summaries[0]!.metadata).toMatchObject({ episode_title: expect.any(String) });
  });

  it('wechat (RSS bridge): date filter and sanitising; wechat_post summaries', async () => {
    const source = await addSource('wechat', 'rss2-zh-wechat-rsshub-synthetic.xml', {
      language: 'ZH',
      config: { rss_mode: true, date_filter_hours: 48, max_posts_per_crawl: 10, timeout: 5000 },
    });
    const task = await crawl(source.id);
    expect(task.status).toBe('completed');
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.content).not.toMatch(/<script/i);
    const summaries = await summariesOf(source.id, posts.length);
    expect(summaries[0]!.summaryType).toBe('wechat_post');
  });

  it('xiaohongshu (RSS bridge): xiaohongshu_post summaries', async () => {
    const source = await addSource('xiaohongshu', 'rss2-zh-xiaohongshu-rsshub-synthetic.xml', {
      language: 'ZH',
      config: { keywords: ['AI工具'], max_notes: 20 },
    });
    await crawl(source.id);
    const summaries = await summariesOf(source.id, 2);
    expect(summaries[0]!.summaryType).toBe('xiaohongshu_post');
    expect(summaries[0]!.metadata).toMatchObject({ platform: 'xiaohongshu' });
  });
});

describe('per-day platforms', () => {
  it('reddit: the JSON listing becomes one daily_subreddit summary', async () => {
    const source = await addSource('reddit', 'reddit-subreddit-listing.json', {
      config: { subreddit: 'GalaxyS8', sort: 'hot', time_filter: 'day', limit: 25 },
    });
    const task = await crawl(source.id);
    expect(task.status).toBe('completed');
    const request = feeds.requests.findLast((r) => r.path === '/reddit-subreddit-listing.json');
    expect(request).toBeDefined();
    const [summary] = await summariesOf(source.id, 1);
    expect(summary).toMatchObject({ summaryType: 'daily_subreddit', postId: null });
    expect(summary!.metadata).toMatchObject({
      subreddit: 'GalaxyS8',
      posts_count: task.postsFound,
      platform: 'reddit',
    });
    expect((summary!.metadata as { post_urls: string[] }).post_urls.length).toBe(task.postsFound);
  });

  it('twitter-rss: max_posts_per_crawl and date_filter_hours apply; one twitter_rss_datasource summary', async () => {
    const source = await addSource('twitter_rss', 'rss2-twitter-nitter-synthetic.xml', {
      config: { rss_mode: true, date_filter_hours: 24, max_posts_per_crawl: 50, timeout: 5000 },
    });
    const task = await crawl(source.id);
    // One of the four items is older than 24 hours.
    expect(task.postsFound).toBe(3);
    const [summary] = await summariesOf(source.id, 1);
    expect(summary!.summaryType).toBe('twitter_rss_datasource');
    expect(summary!.metadata).toMatchObject({ platform: 'twitter-rss', posts_count: 3 });
  });

  it('twitter: keyword search through the X API v2', async () => {
    const source = await addSource('twitter', '', {
      sourceUrl: 'indie saas',
      config: { max_posts_per_crawl: 10 },
    });
    const task = await crawl(source.id);
    expect(task.status).toBe('completed');
    const search = feeds.requests.findLast((r) => r.path === '/2/tweets/search/recent');
    expect(search?.headers.authorization).toBe('Bearer test-token');
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(posts.map((p) => p.url).sort()).toEqual([
      'https://x.com/maker/status/101',
      'https://x.com/maker/status/102',
    ]);
    const [summary] = await summariesOf(source.id, 1);
    expect(summary!.metadata).toMatchObject({ keyword: 'indie saas', posts_count: 2 });
  });
});

describe('failures and recovery', () => {
  it('a truncated feed is a classified parse error recorded in the source health, with backoff', async () => {
    const source = await addSource('blog', 'malformed-truncated-server-error.xml');
    const task = await crawl(source.id);
    expect(task.status).toBe('failed');
    expect(task.errorMessage).toMatch(/^parse_error/);
    const health = await db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
    expect(health).toMatchObject({
      lastErrorClass: 'parse_error',
      consecutiveFailures: 1,
      lastSuccessAt: null,
    });
    const firstDelay = health.nextCheckAt!.getTime() - NOW.getTime();
    await crawl(source.id);
    const again = await db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
    expect(again.consecutiveFailures).toBe(2);
    expect(again.nextCheckAt!.getTime() - NOW.getTime()).toBeGreaterThan(firstDelay);
    expect(await db.prisma.post.count({ where: { datasourceId: source.id } })).toBe(0);
  });

  it('a datasource pointing at 127.0.0.1 is refused when private hosts are not allowed', async () => {
    const source = await addSource('blog', 'atom-zh-v2ex.xml');
    const config = loadConfig(crawlerConfigSchema, {
      ...crawlerEnv(db, 'redis://127.0.0.1:6379'),
      CRAWLER_ALLOW_PRIVATE_HOSTS: 'false',
    });
    const fetcher = createFetcher({ allowPrivateHosts: false });
    const requestsBefore = feeds.requests.length;
    try {
      const outcome = await crawlDatasource(
        {
          prisma: db.prisma,
          fetcher,
          settings: crawlSettingsOf(config),
          enqueue: producer.enqueue,
          log,
          clock: () => NOW,
        },
        { datasourceId: source.id },
      );
      expect(outcome).toMatchObject({ status: 'failed', errorClass: 'blocked' });
    } finally {
      await fetcher.close();
    }
    expect(feeds.requests.length).toBe(requestsBefore);
    const health = await db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
    expect(health.lastErrorClass).toBe('blocked');
  });

  it('a crawl killed after storing posts and retried leaves no duplicate posts or summaries', async () => {
    const source = await addSource('blog', 'rss2-missing-titles-dup-guids.xml');
    crashAfterStore = 1;
    const task = await crawl(source.id);
    expect(task.status).toBe('completed');
    expect(crashAfterStore).toBe(0); // the first attempt died after storing; the queue retried it
    const posts = await db.prisma.post.findMany({ where: { datasourceId: source.id } });
    expect(new Set(posts.map((p) => p.urlHash)).size).toBe(posts.length);
    expect(posts.length).toBe(task.postsFound); // 50 items, some sharing a link
    expect(posts.length).toBeGreaterThan(40);
    await summariesOf(source.id, posts.length);
    // Run it once more (forced past the 304) and give the queue a moment: still one summary per post.
    await db.prisma.datasource.update({ where: { id: source.id }, data: { etag: null, lastModified: null } });
    await crawl(source.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.prisma.post.count({ where: { datasourceId: source.id } })).toBe(posts.length);
    expect(await db.prisma.summary.count({ where: { datasourceId: source.id } })).toBe(posts.length);
  });
});
