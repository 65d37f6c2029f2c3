import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// Feeds out: a topic's summaries as RSS 2.0, Atom 1.0 and JSON Feed 1.1, read back by a feed parser and
// the JSON Feed schema; conditional GETs; the private favourites feed and its revocable token.

const schema = JSON.parse(
  readFileSync(new URL('./fixtures/jsonfeed-1.1.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
(addFormats as unknown as (ajv: Ajv) => void)(ajv);
const validateJsonFeed = ajv.compile(schema);
const parser = new Parser();

// The stored-XSS payloads of web/e2e/xss.test.ts, as a feed brings them.
const payload = (tag: string) =>
  [
    `XSS-${tag}`,
    `<img src=x onerror="window.__xss='${tag}'">`,
    `<script>window.__xss='${tag}'</script>`,
    `"><iframe src="javascript:window.__xss='${tag}'"></iframe>`,
    'CDATA]]>end',
  ].join(' ');
const markdownPayload = [
  'XSS-body paragraph with **bold**.',
  '',
  "[click me](javascript:window.__xss='md')",
  '',
  `![img](x" onerror="window.__xss='img')`,
  '',
  `<img src=x onerror="window.__xss='raw'">`,
  '',
  '<script>window.__xss=1</script>',
].join('\n');

/** The markup of `html` that could run anything: dangerous tags, handler attributes, script URLs. */
function dangerousMarkup(html: string): string[] {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  return tags.filter((tag) => /^<(script|img|iframe|svg)\b|\son\w+\s*=|javascript:/i.test(tag));
}

let gateway: Gateway;
let topicId = '';
let proToken = '';
let freeToken = '';
let favouriteId = '';
const get = (url: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  const topic = await prisma.topic.create({
    data: { slug: 'feed-topic', name: 'Feed Topic', nameZh: '订阅主题', description: 'About feeds' },
  });
  topicId = topic.id;
  const source = await prisma.datasource.create({
    data: {
      topicId,
      platform: 'blog',
      sourceName: payload('source'),
      sourceUrl: 'https://blog.example/feed.xml',
    },
  });
  const now = Date.now();
  // 55 in English (the feed keeps the newest 50), one in Chinese, one older than a visitor may read.
  await prisma.summary.createMany({
    data: Array.from({ length: 55 }, (_, i) => ({
      headline: `Story ${i}`,
      content: `Summary **${i}**`,
      summaryType: 'blog_post' as const,
      language: 'EN' as const,
      topicId,
      datasourceId: source.id,
      sourceUrls: [`https://blog.example/post-${i}`],
      createdAt: new Date(now - (i + 2) * 60_000),
    })),
  });
  await prisma.summary.create({
    data: {
      headline: payload('headline'),
      content: markdownPayload,
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      datasourceId: source.id,
      sourceUrls: ['https://blog.example/hostile?a=1&b=2', "javascript:window.__xss='href'"],
      createdAt: new Date(now - 30_000),
    },
  });
  await prisma.summary.create({
    data: {
      headline: '中文摘要',
      content: '关于订阅源的讨论。',
      summaryType: 'blog_post',
      language: 'ZH',
      topicId,
      datasourceId: source.id,
      sourceUrls: ['https://blog.example/zh'],
    },
  });
  await prisma.summary.create({
    data: {
      headline: 'Too old for visitors',
      content: 'old',
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      sourceUrls: ['https://blog.example/old'],
      createdAt: new Date(now - 5 * 86_400_000),
    },
  });
  const favourite = await prisma.summary.create({
    data: {
      headline: 'Old but starred',
      content: 'A starred summary.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      sourceUrls: ['https://blog.example/starred'],
      createdAt: new Date(now - 20 * 86_400_000),
    },
  });
  favouriteId = favourite.id;
  const pro = await signedInUser(gateway, { plan: 'pro' }, 'feed-pro');
  proToken = pro.accessToken;
  freeToken = (await signedInUser(gateway, {}, 'feed-free')).accessToken;
  await prisma.userFavoriteSummary.create({ data: { userId: pro.id, summaryId: favourite.id } });
});
afterAll(async () => {
  await gateway?.close();
});

describe('topic feeds', () => {
  it('RSS 2.0: the newest 50 items, newest first, every source linked, hostile text escaped', async () => {
    const response = await get('/feeds/topics/feed-topic.rss?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const feed = await parser.parseString(response.body);
    expect(feed.title).toBe('Feed Topic');
    expect(feed.link).toBe('http://app.test/topics/feed-topic');
    expect(feed.items).toHaveLength(50);
    const [hostile, first] = feed.items;
    expect(first?.title).toBe('Story 0');
    expect(first?.link).toBe('https://blog.example/post-0');
    expect(first?.['content:encoded']).toContain('<strong>0</strong>');
    expect(first?.['content:encoded']).toContain(
      '<a href="https://blog.example/post-0" rel="noopener noreferrer">',
    );
    const dates = feed.items.map((item) => new Date(item.isoDate ?? 0).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(feed.items.map((item) => item.title)).not.toContain('Too old for visitors');
    // The title is text: it comes out HTML-escaped, which readers show as the original words.
    expect(hostile?.title).toContain('XSS-headline &lt;img src=x onerror=');
    expect(hostile?.title).not.toMatch(/<img|<script|<iframe/);
    const html = hostile?.['content:encoded'] ?? '';
    expect(html).toContain('XSS-body paragraph');
    expect(html).toContain('https://blog.example/hostile?a=1&amp;b=2');
    expect(dangerousMarkup(html)).toEqual([]);
    expect(html).toContain('<a rel="noopener noreferrer">click me</a>');
    expect(html).toContain('XSS-source &lt;img');
  });

  it('Atom 1.0 reads back with the same items', async () => {
    const response = await get('/feeds/topics/feed-topic.atom?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = await parser.parseString(response.body);
    expect(feed.items).toHaveLength(50);
    expect(feed.items[1]?.title).toBe('Story 0');
    expect(feed.items[1]?.link).toBe('https://blog.example/post-0');
    const hostile = feed.items[0];
    expect(hostile?.title).not.toMatch(/<img|<script|<iframe/);
    expect(dangerousMarkup(hostile?.content ?? '')).toEqual([]);
    expect(hostile?.content).toContain('XSS-body paragraph');
  });

  it('JSON Feed 1.1 passes the schema, in Chinese too', async () => {
    const response = await get('/feeds/topics/feed-topic.json?lang=en');
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = response.json();
    expect(validateJsonFeed(feed), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    expect(feed.items).toHaveLength(50);
    expect(feed.items[1]).toMatchObject({ title: 'Story 0', url: 'https://blog.example/post-0' });
    expect(dangerousMarkup(feed.items[0].content_html)).toEqual([]);
    expect(feed.items[0].title).toBe(payload('headline'));
    expect(feed.feed_url).toBe('http://app.test/feeds/topics/feed-topic.json?lang=en');

    const zh = (await get('/feeds/topics/feed-topic.json?lang=zh')).json();
    expect(validateJsonFeed(zh)).toBe(true);
    expect(zh.title).toBe('订阅主题');
    expect(zh.language).toBe('zh-CN');
    expect(zh.items.map((item: { title: string }) => item.title)).toEqual(['中文摘要']);
    expect(zh.home_page_url).toBe('http://app.test/zh/topics/feed-topic');
  });

  it('answers 404 for an unknown or inactive topic, 400 for a bad language or format', async () => {
    expect((await get('/feeds/topics/no-such-topic.rss')).statusCode).toBe(404);
    await gateway.db.prisma.topic.create({ data: { slug: 'hidden-topic', name: 'Hidden', isActive: false } });
    expect((await get('/feeds/topics/hidden-topic.rss')).statusCode).toBe(404);
    for (const url of [
      '/feeds/topics/feed-topic.rss?lang=fr',
      '/feeds/topics/feed-topic.xml',
      '/feeds/topics/feed-topic',
      '/feeds/topics/.rss',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    }
  });
});

describe('conditional GET', () => {
  const url = '/feeds/topics/feed-topic.rss?lang=en';

  it('answers 304 to a current ETag, in its strong and listed forms', async () => {
    const first = await get(url);
    const etag = String(first.headers.etag);
    // Weak: the same feed goes compressed or not (compression.test.ts).
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const value of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await get(url, { 'if-none-match': value });
      expect(again.statusCode, value).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    // Each format and language is its own representation.
    expect((await get('/feeds/topics/feed-topic.atom?lang=en', { 'if-none-match': etag })).statusCode).toBe(
      200,
    );
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified', async () => {
    const first = await get(url);
    const lastModified = String(first.headers['last-modified']);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const earlier = new Date(new Date(lastModified).getTime() - 60_000).toUTCString();
    expect((await get(url, { 'if-modified-since': earlier })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect(
      (await get(url, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).statusCode,
    ).toBe(200);
  });

  it('a new summary changes both validators', async () => {
    const before = await get(url);
    await gateway.db.prisma.summary.create({
      data: { headline: 'Fresh', content: 'new', summaryType: 'blog_post', language: 'EN', topicId },
    });
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await parser.parseString(after.body)).items[0]?.title).toBe('Fresh');
  });
});

describe('a feed of stories', () => {
  let storyId = '';
  let laterId = '';
  const url = '/feeds/topics/story-topic.json?lang=en';

  beforeAll(async () => {
    const prisma = gateway.db.prisma;
    const topic = await prisma.topic.create({ data: { slug: 'story-topic', name: 'Story Topic' } });
    const outlet = (name: string) =>
      prisma.datasource.create({
        data: {
          topicId: topic.id,
          platform: 'blog',
          sourceName: name,
          sourceUrl: `https://${name.toLowerCase()}.example/feed`,
        },
      });
    const [wire, daily, weekly] = [await outlet('Wire'), await outlet('Daily'), await outlet('Weekly')];
    const now = Date.now();
    const story = await prisma.story.create({
      data: {
        headline: 'Launch',
        language: 'EN',
        summaryCount: 3,
        firstSeenAt: new Date(now - 3 * 60_000),
        lastSeenAt: new Date(now - 60_000),
      },
    });
    storyId = story.id;
    const report = (i: number, datasourceId: string, name: string, story: string | null) => ({
      headline: `Launch report ${i}`,
      content: `Report **${i}** of the launch`,
      summaryType: 'blog_post' as const,
      language: 'EN' as const,
      topicId: topic.id,
      datasourceId,
      storyId: story,
      sourceUrls: [`https://${name}.example/launch-${i}`],
      createdAt: new Date(now - (4 - i) * 60_000),
    });
    await prisma.summary.createMany({
      data: [
        report(1, wire.id, 'wire', storyId),
        report(2, daily.id, 'daily', storyId),
        report(3, weekly.id, 'weekly', storyId),
        {
          headline: 'Something else',
          content: 'Unrelated',
          summaryType: 'blog_post',
          language: 'EN',
          topicId: topic.id,
          sourceUrls: ['https://other.example/else'],
          createdAt: new Date(now - 5 * 60_000),
        },
      ],
    });
    // A fourth report the clustering job has not seen yet: an item of its own until it joins.
    laterId = (
      await prisma.summary.create({
        data: {
          ...report(4, wire.id, 'wire', null),
          headline: 'Launch report 4',
          createdAt: new Date(now - 30_000),
        },
      })
    ).id;
  });

  it('one item per story: the first report, linking every source, newest first', async () => {
    const feed = (await get(url)).json();
    expect(validateJsonFeed(feed), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    expect(feed.items.map((item: { title: string }) => item.title)).toEqual([
      'Launch report 4',
      'Launch report 1',
      'Something else',
    ]);
    const launch = feed.items[1];
    expect(launch.content_html).toContain('Report <strong>1</strong> of the launch');
    expect(launch.content_html).not.toContain('Report <strong>2</strong>');
    for (const source of ['wire.example/launch-1', 'daily.example/launch-2', 'weekly.example/launch-3']) {
      expect(launch.content_html).toContain(`https://${source}`);
    }
    expect(launch.content_html).toMatch(/\(Daily\)[\s\S]*\(Weekly\)/);
    const rss = await parser.parseString((await get('/feeds/topics/story-topic.rss?lang=en')).body);
    expect(rss.items).toHaveLength(3);
    expect(rss.items[1]?.link).toBe('https://wire.example/launch-1');
  });

  it('counts stories against the limit of 50 items', async () => {
    const prisma = gateway.db.prisma;
    const topic = await prisma.topic.findUniqueOrThrow({ where: { slug: 'story-topic' } });
    const now = Date.now();
    const many = await prisma.story.create({
      data: { headline: 'Big', language: 'EN', firstSeenAt: new Date(now), lastSeenAt: new Date(now) },
    });
    // 60 reports of one story and 55 single summaries: 56 stories, the newest 50 shown.
    await prisma.summary.createMany({
      data: [
        ...Array.from({ length: 60 }, (_, i) => ({
          headline: `Big ${i}`,
          content: 'big',
          summaryType: 'blog_post' as const,
          language: 'EN' as const,
          topicId: topic.id,
          storyId: many.id,
          sourceUrls: [`https://big.example/${i}`],
          createdAt: new Date(now - 2 * 3_600_000 + i * 1000),
        })),
        ...Array.from({ length: 55 }, (_, i) => ({
          headline: `Single ${i}`,
          content: 'single',
          summaryType: 'blog_post' as const,
          language: 'EN' as const,
          topicId: topic.id,
          createdAt: new Date(now - 3_600_000 - i * 1000),
        })),
      ],
    });
    const feed = (await get('/feeds/topics/story-topic.json?lang=en')).json();
    expect(feed.items).toHaveLength(50);
    const titles = feed.items.map((item: { title: string }) => item.title);
    expect(new Set(titles).size).toBe(50);
    expect(titles.filter((title: string) => title.startsWith('Big'))).toEqual([]);
    await prisma.summary.deleteMany({ where: { topicId: topic.id, headline: { startsWith: 'Single' } } });
    const fewer = (await get('/feeds/topics/story-topic.json?lang=en')).json();
    const big = fewer.items.filter((item: { title: string }) => item.title.startsWith('Big'));
    expect(big.map((item: { title: string }) => item.title)).toEqual(['Big 0']);
  });

  it('a report joining the story changes the ETag, and the item gains its link', async () => {
    const before = await get(url);
    // What the clustering job writes: the story id only, no updated_at.
    await gateway.db.prisma
      .$executeRaw`UPDATE summaries SET story_id = ${storyId}::uuid WHERE id = ${laterId}::uuid`;
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const items = after.json().items;
    expect(items.map((item: { title: string }) => item.title).slice(0, 2)).toEqual([
      'Launch report 1',
      'Something else',
    ]);
    expect(items[0].content_html).toContain('https://wire.example/launch-4');
  });
});

describe('a keyword source in a feed', () => {
  beforeAll(async () => {
    const prisma = gateway.db.prisma;
    const topic = await prisma.topic.create({ data: { slug: 'keyword-topic', name: 'Keyword Topic' } });
    // Stored as the spec names it; English readers get the English label.
    const source = await prisma.datasource.create({
      data: {
        topicId: topic.id,
        platform: 'twitter',
        sourceName: 'system design 相关推文',
        sourceUrl: 'system design',
      },
    });
    const summary = (language: 'EN' | 'ZH', headline: string) => ({
      headline,
      content: `${headline}.`,
      summaryType: 'twitter_rss_datasource' as const,
      language,
      topicId: topic.id,
      datasourceId: source.id,
      sourceUrls: [`https://x.com/dev/status/${language === 'EN' ? 1 : 2}`],
    });
    await prisma.summary.createMany({
      data: [summary('EN', 'Caching in practice'), summary('ZH', '缓存实践')],
    });
  });

  it('names it in English in the English feed, by its stored name in the Chinese one', async () => {
    for (const format of ['rss', 'atom', 'json']) {
      const response = await get(`/feeds/topics/keyword-topic.${format}?lang=en`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Caching in practice');
      expect(response.body, format).toContain('(Tweets about system design)');
      expect(response.body, format).not.toContain('相关推文');
    }
    const zh = (await get('/feeds/topics/keyword-topic.json?lang=zh')).json();
    expect(zh.items[0].content_html).toContain('(system design 相关推文)');
  });
});

describe('the private favourites feed', () => {
  it('is a Pro feature: visitors 401, free users 403', async () => {
    expect((await gateway.app.inject({ method: 'POST', url: '/api/me/feed-token' })).statusCode).toBe(401);
    const free = await gateway.app.inject({
      method: 'POST',
      url: '/api/me/feed-token',
      headers: bearer(freeToken),
    });
    expect(free.statusCode).toBe(403);
  });

  it('serves the favourites through the token URL; regenerating or revoking ends the old URL', async () => {
    const call = (method: 'GET' | 'POST' | 'DELETE') =>
      gateway.app.inject({ method, url: '/api/me/feed-token', headers: bearer(proToken) });
    expect((await call('GET')).json()).toEqual({ active: false, created_at: null });
    const created = (await call('POST')).json();
    expect(created.urls.rss).toMatch(/^http:\/\/app\.test\/feeds\/favorites\/[\w-]{43}\.rss$/);
    expect((await call('GET')).json()).toMatchObject({ active: true });
    // Only the token's sha256 is stored: a leaked table opens no feed.
    const token = /favorites\/([\w-]+)\.rss$/.exec(created.urls.rss)?.[1] ?? '';
    const stored = await gateway.db.prisma.feedToken.findMany({ select: { tokenHash: true } });
    expect(stored.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect((await get(`/feeds/favorites/${stored[0]?.tokenHash}.rss`)).statusCode).toBe(404);
    const path = (full: string) => full.replace('http://app.test', '');

    const feed = await get(path(created.urls.json));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    expect(feed.headers['x-robots-tag']).toBe('noindex');
    const body = feed.json();
    expect(validateJsonFeed(body)).toBe(true);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([favouriteId]);
    const rss = await parser.parseString((await get(path(created.urls.rss))).body);
    expect(rss.items.map((item) => item.title)).toEqual(['Old but starred']);

    const renewed = (await call('POST')).json();
    expect(renewed.urls.rss).not.toBe(created.urls.rss);
    expect((await get(path(created.urls.rss))).statusCode).toBe(404);
    expect((await get(path(renewed.urls.rss))).statusCode).toBe(200);

    expect((await call('DELETE')).statusCode).toBe(204);
    expect((await get(path(renewed.urls.rss))).statusCode).toBe(404);
    expect((await call('GET')).json()).toEqual({ active: false, created_at: null });
  });

  it('stops answering when the owner leaves Pro', async () => {
    const user = await signedInUser(gateway, { plan: 'pro' }, 'feed-lapse');
    const created = (
      await gateway.app.inject({ method: 'POST', url: '/api/me/feed-token', headers: user.headers })
    ).json();
    const url = created.urls.atom.replace('http://app.test', '');
    expect((await get(url)).statusCode).toBe(200);
    await gateway.db.prisma.userProfile.update({
      where: { id: user.id },
      data: { subscriptionType: 'free' },
    });
    expect((await get(url)).statusCode).toBe(404);
  });

  it('refuses guessed tokens', async () => {
    expect((await get('/feeds/favorites/not-a-token.rss')).statusCode).toBe(404);
    expect((await get(`/feeds/favorites/${'A'.repeat(43)}.json`)).statusCode).toBe(404);
  });
});
