import type { Platform } from '@app/db';
import { fixturesDir } from '@app/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crawlDatasource } from '../src/crawl-datasource.ts';
import { type CrawlHarness, startCrawlHarness } from './support/crawl-harness.ts';

// Platform options one by one, through crawlDatasource on the real database (queueing recorded, not run).

let harness: CrawlHarness;
let db: CrawlHarness['db'];
let feeds: CrawlHarness['feeds'];
let topicId: string;
let queued: CrawlHarness['queued'];
const deps = (env: Record<string, string> = {}) => harness.deps({ REDDIT_BASE_URL: feeds.url, ...env });

beforeAll(async () => {
  harness = await startCrawlHarness({ slug: 't', name: 'T' });
  ({ db, feeds, topicId, queued } = harness);
});
afterAll(async () => {
  await harness?.close();
});

const source = (platform: Platform, sourceUrl: string, config: object = {}, language: 'EN' | 'ZH' = 'EN') =>
  db.prisma.datasource.create({
    data: { topicId, platform, sourceName: `${platform}-${sourceUrl}`, sourceUrl, config, language },
  });
const postsOf = (datasourceId: string) =>
  db.prisma.post.findMany({ where: { datasourceId }, orderBy: { url: 'asc' } });

it('blog: an excerpt-only item gets the full article extracted from its page with Readability', async () => {
  const article = `<html><head><title>Long read</title><script>track()</script></head><body>
    <nav>Home · About · Archive</nav>
    <article><h1>Why queues</h1>${'<p>Queues decouple producers from consumers, so a slow consumer never blocks the web request. '.repeat(12)}</p>
    <p onclick="evil()">Retries with backoff make failures boring.</p></article><footer>© me</footer></body></html>`;
  feeds.setRoute('/article.html', { body: article, headers: { 'content-type': 'text/html; charset=utf-8' } });
  feeds.setRoute('/excerpt.xml', {
    body: `<?xml version="1.0"?><rss version="2.0"><channel><title>B</title><link>${feeds.url}/</link>
      <item><title>Why queues</title><link>${feeds.url}/article.html</link><description>Queues decouple…</description></item></channel></rss>`,
  });
  const ds = await source('blog', `${feeds.url}/excerpt.xml`);
  const outcome = await crawlDatasource(deps({ CRAWLER_EXTRACT_MAX: '5' }), { datasourceId: ds.id });
  expect(outcome).toMatchObject({ status: 'ok', inserted: 1 });
  const [post] = await postsOf(ds.id);
  expect(post!.content).toContain('Retries with backoff make failures boring.');
  expect(post!.content).not.toMatch(/<script|onclick|Home · About/);
  expect(post!.metadata).toMatchObject({ extracted: 'readability' });
  expect(queued.at(-1)).toMatchObject({
    name: 'summarize-posts',
    payload: { postIds: [post!.id], language: 'EN' },
  });
});

it('reddit: the listing URL carries sort, time_filter and limit', async () => {
  const { readFile } = await import('node:fs/promises');
  feeds.setRoute('/r/GalaxyS8/top.json', {
    body: await readFile(`${fixturesDir()}/reddit-subreddit-listing.json`),
  });
  const ds = await source('reddit', 'https://www.reddit.com/r/GalaxyS8', {
    subreddit: 'GalaxyS8',
    sort: 'top',
    time_filter: 'week',
    limit: 7,
  });
  const before = feeds.requests.length;
  const outcome = await crawlDatasource(deps(), { datasourceId: ds.id });
  expect(outcome).toMatchObject({ status: 'ok' });
  const request = feeds.requests.slice(before).find((r) => r.path === '/r/GalaxyS8/top.json');
  expect(request?.status).toBe(200);
  const posts = await postsOf(ds.id);
  expect(posts.length).toBeGreaterThan(0);
  expect(posts[0]!.metadata).toMatchObject({ subreddit: 'GalaxyS8' });
  expect(queued.at(-1)).toMatchObject({
    name: 'summarize-datasource-day',
    payload: { datasourceId: ds.id, date: '2026-11-20' },
  });
});

it('youtube: the Data API (@googleapis/youtube) when a key is configured, with max_results', async () => {
  feeds.setRoute('/youtube/v3/search', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [
        {
          id: { kind: 'youtube#video', videoId: 'abc123' },
          snippet: {
            title: 'Shipping fast',
            description: 'How we ship.\nEvery day.',
            publishedAt: '2026-11-19T10:00:00Z',
            channelId: 'UC1',
            channelTitle: 'Maker TV',
          },
        },
      ],
    }),
  });
  const ds = await source('youtube', 'https://www.youtube.com/channel/UC1', {
    channel_id: 'UC1',
    max_results: 3,
  });
  const before = feeds.requests.length;
  const outcome = await crawlDatasource(
    deps({ YOUTUBE_API_KEY: 'yt-key', YOUTUBE_API_ROOT: `${feeds.url}/` }),
    { datasourceId: ds.id },
  );
  expect(outcome).toMatchObject({ status: 'ok', inserted: 1 });
  expect(feeds.requests.slice(before).map((r) => r.path)).toEqual(['/youtube/v3/search']);
  const [post] = await postsOf(ds.id);
  expect(post).toMatchObject({
    url: 'https://www.youtube.com/watch?v=abc123',
    title: 'Shipping fast',
    author: 'Maker TV',
  });
  expect(post!.metadata).toMatchObject({ video_id: 'abc123', via: 'youtube-data-api' });
});

it('youtube: an API error is classified in the source health', async () => {
  feeds.setRoute('/youtube/v3/search', {
    status: 403,
    body: '{"error":{"code":403,"message":"quota"}}',
    headers: { 'content-type': 'application/json' },
  });
  const ds = await source('youtube', 'https://www.youtube.com/channel/UC2', { channel_id: 'UC2' });
  const outcome = await crawlDatasource(
    deps({ YOUTUBE_API_KEY: 'yt-key', YOUTUBE_API_ROOT: `${feeds.url}/` }),
    { datasourceId: ds.id },
  );
  expect(outcome).toMatchObject({ status: 'failed', errorClass: 'rate_limited' });
});

it('xiaohongshu: keywords through the configured bridge, at most max_notes', async () => {
  const { readFile } = await import('node:fs/promises');
  feeds.setRoute('/xhs/keyword/AI工具', {
    body: await readFile(`${fixturesDir()}/rss2-zh-xiaohongshu-rsshub-synthetic.xml`),
  });
  const ds = await source('xiaohongshu', 'AI工具', { keywords: ['AI工具'], max_notes: 1 }, 'ZH');
  const outcome = await crawlDatasource(
    deps({ XIAOHONGSHU_BRIDGE_URL: `${feeds.url}/xhs/keyword/{keyword}` }),
    { datasourceId: ds.id },
  );
  expect(outcome).toMatchObject({ status: 'ok', found: 1 });
  const [post] = await postsOf(ds.id);
  expect(post!.metadata).toMatchObject({ keyword: 'AI工具' });
  expect(post!.title).toContain('AI 工具');
});

it('twitter without a bearer token, and wechat without rss_mode, fail as configuration errors', async () => {
  const tw = await source('twitter', 'indie hackers');
  expect(await crawlDatasource(deps(), { datasourceId: tw.id })).toMatchObject({
    status: 'failed',
    errorClass: 'config',
  });
  const wc = await source(
    'wechat',
    `${feeds.url}/rss2-zh-wechat-rsshub-synthetic.xml`,
    { rss_mode: false },
    'ZH',
  );
  expect(await crawlDatasource(deps(), { datasourceId: wc.id })).toMatchObject({
    status: 'failed',
    errorClass: 'config',
  });
});

it('podcast: a relative enclosure URL is resolved against the feed', async () => {
  const ds = await source('podcast', `${feeds.url}/rss2-relative-enclosure-url.xml`, { max_episodes: 5 });
  await crawlDatasource(deps(), { datasourceId: ds.id });
  const [post] = await postsOf(ds.id);
  expect((post!.metadata as { audio_url: string }).audio_url).toMatch(new RegExp(`^${feeds.url}/images/`));
});

it('a paused source is skipped, and an HTTP 429 backs off at least as long as Retry-After', async () => {
  const paused = await db.prisma.datasource.create({
    data: {
      topicId,
      platform: 'blog',
      sourceName: 'paused',
      sourceUrl: `${feeds.url}/atom-zh-v2ex.xml`,
      isActive: false,
    },
  });
  expect(await crawlDatasource(deps(), { datasourceId: paused.id })).toEqual({
    status: 'skipped',
    reason: 'inactive',
  });
  feeds.setRoute('/limited.xml', { status: 429, body: 'slow', headers: { 'retry-after': '7200' } });
  const limited = await source('blog', `${feeds.url}/limited.xml`);
  expect(await crawlDatasource(deps(), { datasourceId: limited.id })).toMatchObject({
    status: 'failed',
    errorClass: 'rate_limited',
  });
  const health = await db.prisma.datasource.findUniqueOrThrow({ where: { id: limited.id } });
  expect(health.nextCheckAt!.getTime() - new Date('2026-11-20T20:00:00Z').getTime()).toBeGreaterThanOrEqual(
    7200_000,
  );
});
