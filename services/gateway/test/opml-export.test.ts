import { readFileSync } from 'node:fs';
import type { OpmlImportResult } from '@app/contracts';
import { defaultConfigFor } from '@app/db';
import { parseOpml as parseWithFeedsmith } from 'feedsmith';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The OPML export as other readers read it (checked with a third-party parser, feedsmith): every source
// that has a feed is an rss outline with its xmlUrl, htmlUrl and title, a subreddit as its .rss feed,
// keyword searches named in a comment instead; and our own export imported again is "already present".

vi.mock('node:dns/promises', async (original) => ({
  ...(await original<typeof import('node:dns/promises')>()),
  lookup: async () => [{ address: '93.184.216.34', family: 4 }],
}));

let gateway: Gateway;
let token = '';

beforeAll(async () => {
  gateway = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' });
  token = (await signedInUser(gateway, { role: 'admin' }, 'opml-export')).accessToken;
});
afterAll(async () => gateway?.close());
beforeEach(async () => {
  await gateway.db.prisma.datasource.deleteMany({});
  await gateway.db.prisma.topic.deleteMany({});
});

const exportOpml = async () => {
  const response = await gateway.app.inject({
    method: 'GET',
    url: '/api/admin/opml/export',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/x-opml; charset=utf-8');
  return response.body;
};
const importOpml = (opml: string, options: Record<string, unknown> = {}) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/admin/opml/import',
    headers: bearer(token),
    payload: { opml, ...options },
  });
type Outline = {
  text?: string;
  title?: string;
  type?: string;
  xmlUrl?: string;
  htmlUrl?: string;
  outlines?: Outline[];
};
/** Every outline with an xmlUrl, with the folder it is in, as feedsmith reads the file. */
const feedsOf = (text: string) => {
  const parsed = parseWithFeedsmith(text) as { body?: { outlines?: Outline[] } };
  return (parsed.body?.outlines ?? []).flatMap((folder) =>
    (folder.outlines ?? []).map((feed) => ({ folder: folder.text, ...feed })),
  );
};

async function seedSources() {
  const prisma = gateway.db.prisma;
  const tech = await prisma.topic.create({ data: { slug: 'tech', name: 'Tech', nameZh: '科技' } });
  const chinese = await prisma.topic.create({ data: { slug: 'zh', name: 'Chinese blogs', nameZh: '中文' } });
  await prisma.datasource.createMany({
    data: [
      {
        topicId: tech.id,
        platform: 'blog',
        sourceName: 'Ars Technica',
        sourceUrl: 'https://feeds.arstechnica.com/arstechnica/index',
        htmlUrl: 'https://arstechnica.com',
        config: defaultConfigFor('blog'),
      },
      {
        topicId: tech.id,
        platform: 'reddit',
        sourceName: 'r/LocalLLaMA',
        sourceUrl: 'https://www.reddit.com/r/LocalLLaMA/hot.json?limit=25',
        config: defaultConfigFor('reddit', { subreddit: 'LocalLLaMA' }),
      },
      {
        topicId: tech.id,
        platform: 'youtube',
        sourceName: 'Fireship',
        sourceUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA',
        config: defaultConfigFor('youtube', { channel_id: 'UCsBjURrPoezykLs9EqgamOA' }),
      },
      {
        topicId: tech.id,
        platform: 'twitter',
        sourceName: 'AI agents 相关推文',
        sourceUrl: 'AI agents',
        config: defaultConfigFor('twitter'),
      },
      {
        topicId: chinese.id,
        platform: 'blog',
        sourceName: '阮一峰的网络日志',
        sourceUrl: 'https://www.ruanyifeng.com/blog/atom.xml',
        language: 'ZH',
        config: defaultConfigFor('blog'),
      },
      {
        topicId: chinese.id,
        platform: 'blog',
        sourceName: '少数派',
        sourceUrl: 'https://sspai.com/feed',
        languageUnconfirmed: true,
        config: defaultConfigFor('blog'),
      },
      {
        topicId: chinese.id,
        platform: 'xiaohongshu',
        sourceName: '小红书: 咖啡',
        sourceUrl: 'https://www.xiaohongshu.com/search_result?keyword=%E5%92%96%E5%95%A1',
        language: 'ZH',
        config: defaultConfigFor('xiaohongshu', { keywords: ['咖啡'] }),
      },
    ],
  });
}

describe('OPML export', () => {
  it('is read by another OPML parser: every feed with its xmlUrl, htmlUrl and title', async () => {
    await seedSources();
    const text = await exportOpml();
    const feeds = feedsOf(text);
    expect(feeds.map((feed) => [feed.folder, feed.title, feed.type, feed.xmlUrl, feed.htmlUrl])).toEqual([
      ['Chinese blogs', '少数派', 'rss', 'https://sspai.com/feed', undefined],
      ['Chinese blogs', '阮一峰的网络日志', 'rss', 'https://www.ruanyifeng.com/blog/atom.xml', undefined],
      [
        'Tech',
        'Ars Technica',
        'rss',
        'https://feeds.arstechnica.com/arstechnica/index',
        'https://arstechnica.com',
      ],
      [
        'Tech',
        'Fireship',
        'rss',
        'https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA',
        'https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA',
      ],
      // A subreddit as the feed other readers subscribe to, not the JSON listing the crawler reads.
      [
        'Tech',
        'r/LocalLLaMA',
        'rss',
        'https://www.reddit.com/r/LocalLLaMA/.rss',
        'https://www.reddit.com/r/LocalLLaMA/',
      ],
    ]);
    expect(feeds.every((feed) => feed.text === feed.title)).toBe(true);
    expect(text).not.toContain('.json');
    // Keyword searches have no feed: a comment says which and why.
    expect(text).toContain(
      '<!-- Left out: "AI agents 相关推文" (twitter): a keyword search on X (Twitter), not a feed. -->',
    );
    expect(text).toContain(
      '<!-- Left out: "小红书: 咖啡" (xiaohongshu): a keyword search on Xiaohongshu, not a feed. -->',
    );
    // A language still to be read from the feed is not written as if it were known.
    expect(text).toContain('dailycurated:language="ZH"');
    expect(text).not.toMatch(/text="少数派"[^>]*dailycurated:language/);
  });

  it('imported again reports every line as already present and writes nothing', async () => {
    await seedSources();
    const text = await exportOpml();
    const before = await gateway.db.prisma.datasource.count();
    for (const dryRun of [true, false]) {
      const response = await gateway.app.inject({
        method: 'POST',
        url: `/api/admin/opml/import${dryRun ? '?dry_run=true' : ''}`,
        headers: { ...bearer(token), 'content-type': 'text/x-opml' },
        payload: text,
      });
      expect(response.statusCode).toBe(200);
      const result: OpmlImportResult = response.json();
      expect(result.counts).toEqual({ import: 0, present: 5, refused: 0 });
      expect(result.lines.every((line) => line.status === 'present')).toBe(true);
      expect(result.lines.find((line) => line.title === 'r/LocalLLaMA')?.message).toEqual({
        en: 'Already present in the topic “Tech”: nothing to do.',
        zh: '主题“科技”中已有此订阅源，无需导入。',
      });
    }
    expect(await gateway.db.prisma.datasource.count()).toBe(before);
  });

  it('carries a Feedly file into an empty install and back: htmlUrl, platform and language kept', async () => {
    const feedly = readFileSync(new URL('./fixtures/opml/feedly.opml', import.meta.url), 'utf8');
    const first = await importOpml(feedly, { create_topics: true });
    expect(first.statusCode).toBe(200);
    const prisma = gateway.db.prisma;
    const snapshot = async () =>
      (await prisma.datasource.findMany({ include: { topic: true } }))
        .map((s) =>
          [s.topic.name, s.sourceName, s.platform, s.htmlUrl, s.language, s.languageUnconfirmed].join('|'),
        )
        .sort();
    const original = await snapshot();
    expect(original).toContain('Tech|Ars Technica|blog|https://arstechnica.com|EN|true');

    const text = await exportOpml();
    const exported = feedsOf(text);
    const fromFeedly = feedsOf(feedly);
    // Every site address of the reader's file comes back out.
    expect(new Set(exported.map((feed) => feed.htmlUrl))).toEqual(
      new Set(fromFeedly.map((feed) => feed.htmlUrl)),
    );

    await prisma.datasource.deleteMany({});
    await prisma.topic.deleteMany({});
    const restored = await importOpml(text, { create_topics: true });
    expect(restored.statusCode).toBe(200);
    expect(await snapshot()).toEqual(original);
  });
});
