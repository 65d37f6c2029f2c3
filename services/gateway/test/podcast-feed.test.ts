import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { parseBuffer } from 'music-metadata';
import { PNG } from 'pngjs';
import Parser from 'rss-parser';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, PUBLIC_URL, signedInUser, startGateway } from './support/gateway-harness.ts';

// The private podcast feed, read as podcast apps read it: parsed by a feed parser (rss-parser, with
// the iTunes and Podcasting 2.0 fields), checked well-formed by a namespace-aware XML parser (saxes),
// its enclosures fetched without a Bearer token and read back by a tag reader (music-metadata).

const RATE = 22_050;
const SECONDS = 5;
/** A real 64 kbit/s mono MP3 of a quiet tone. */
function mp3(seconds: number): Buffer {
  const encoder = new Mp3Encoder(1, RATE, 64);
  const pcm = new Int16Array(RATE * seconds);
  for (let i = 0; i < pcm.length; i += 1)
    pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * 330 * i) / RATE));
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((part) => Buffer.from(part)));
}

type Attrs = { $: Record<string, string> };
type Item = {
  title: string;
  guid: string;
  pubDate: string;
  enclosure: { url: string; length: string; type: string };
  itunes: { duration?: string };
  guidTag: [{ _: string; $: { isPermaLink: string } }];
  transcript?: Attrs;
  chapters?: Attrs;
};
type Channel = {
  title: string;
  description: string;
  language: string;
  lastBuildDate: string;
  image?: { url: string };
  itunes: {
    image?: string;
    author?: string;
    owner?: { name?: string };
    explicit?: string;
    categories?: string[];
  };
  'itunes:category'?: { $: { text: string }; 'itunes:category'?: Attrs[] };
};
const parser = new Parser<Channel, Item>({
  customFields: {
    feed: ['itunes:category'],
    item: [
      ['guid', 'guidTag', { keepArray: true }],
      ['podcast:transcript', 'transcript'],
      ['podcast:chapters', 'chapters'],
    ],
  },
});

/** Well-formed XML with every prefix declared, and the namespaces of the root's declarations. */
function wellFormed(xml: string): Record<string, string> {
  const sax = new SaxesParser({ xmlns: true });
  let namespaces: Record<string, string> = {};
  sax.on('opentag', (tag) => {
    if (tag.name === 'rss') namespaces = { ...tag.ns };
  });
  sax.write(xml).close();
  return namespaces;
}

let gateway: Gateway;
let storageDir: string;
let token = '';
let otherToken = '';
const audio = mp3(SECONDS);
const ids = {} as Record<'alphaEn' | 'alphaZh' | 'hostile' | 'textOnly' | 'pending' | 'emptyTopic', string>;
const relative = (url: string) => url.replace(PUBLIC_URL, '');
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  gateway.app.inject({ method, url: relative(url), headers });

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'gw-podcast-feed-'));
  gateway = await startGateway({ STORAGE_DIR: storageDir });
  const prisma = gateway.db.prisma;
  for (const [key, label] of [
    ['token', 'feed-listener'],
    ['otherToken', 'feed-other'],
  ] as const) {
    const access = (await signedInUser(gateway, {}, label)).accessToken;
    if (key === 'token') token = access;
    else otherToken = access;
  }
  const alpha = await prisma.topic.create({ data: { name: 'Alpha', slug: 'alpha-feed', nameZh: '阿尔法' } });
  // A hostile topic name: markup, quotes, an ampersand, a CDATA end and a control character.
  const hostile = await prisma.topic.create({
    data: { name: `<b>Beta & "Co"</b> 'x' ]]> \u0001end`, slug: 'beta-feed' },
  });
  const empty = await prisma.topic.create({ data: { name: 'Quiet', slug: 'quiet-feed' } });
  ids.emptyTopic = empty.id;
  const chapters = [
    { title: 'Open models <close> the gap', start_seconds: 0.8, end_seconds: 2.6 },
    { title: 'Pricing & plans', start_seconds: 2.6, end_seconds: SECONDS },
  ];
  const task = (topicId: string, language: 'EN' | 'ZH', completedAt: Date, extra: object = {}) =>
    prisma.podcastTask.create({
      data: {
        topicId,
        targetDate: new Date('2026-03-10T00:00:00Z'),
        language,
        status: 'completed',
        completedAt,
        transcript: `Welcome.\nStory 1: Open models.\nStory 2: Pricing. (${language})`,
        metadata: { duration_seconds: SECONDS, chapters },
        ...extra,
      },
    });
  ids.alphaEn = (await task(alpha.id, 'EN', new Date('2026-03-11T01:00:00Z'))).id;
  ids.alphaZh = (await task(alpha.id, 'ZH', new Date('2026-03-11T01:05:00Z'))).id;
  ids.hostile = (await task(hostile.id, 'EN', new Date('2026-03-11T00:30:00Z'), { metadata: {} })).id;
  ids.textOnly = (
    await prisma.podcastTask.create({
      data: {
        topicId: alpha.id,
        targetDate: new Date('2026-03-09T00:00:00Z'),
        language: 'EN',
        status: 'completed',
        completedAt: new Date('2026-03-10T01:00:00Z'),
        transcript: 'Text only.',
        metadata: { audio: false },
      },
    })
  ).id;
  ids.pending = (
    await prisma.podcastTask.create({
      data: { topicId: alpha.id, targetDate: new Date('2026-03-11T00:00:00Z'), language: 'EN' },
    })
  ).id;
  for (const id of [ids.alphaEn, ids.alphaZh, ids.hostile, ids.pending]) {
    const file = path.join(storageDir, 'podcast-audio', id, 'final_podcast.mp3');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, audio);
  }
});

afterAll(async () => {
  await gateway?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const listFeedUrl = async (access: string, language = 'en') => {
  const res = await gateway.app.inject({
    method: 'GET',
    url: `/api/podcasts?language=${language}`,
    headers: bearer(access),
  });
  expect(res.statusCode).toBe(200);
  return res.json().feed_url as string | null;
};
const makeFeed = async (access: string) => {
  const res = await gateway.app.inject({
    method: 'POST',
    url: '/api/podcasts/feed-token',
    headers: bearer(access),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { feed_url: string; created_at: string };
};
const parse = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  return { res, feed: await parser.parseString(res.body), namespaces: wellFormed(res.body) };
};

describe('the feed URL', () => {
  it('is null until made, then given by GET /api/podcasts in the list language, and needs a signed-in user', async () => {
    expect(await listFeedUrl(token)).toBeNull();
    expect((await gateway.app.inject({ method: 'POST', url: '/api/podcasts/feed-token' })).statusCode).toBe(
      401,
    );
    const made = await makeFeed(token);
    expect(made.feed_url).toMatch(new RegExp(`^${PUBLIC_URL}/api/podcasts/feed/[\\w-]{43}$`));
    expect(await listFeedUrl(token)).toBe(`${made.feed_url}?lang=en`);
    expect(await listFeedUrl(token, 'zh')).toBe(`${made.feed_url}?lang=zh`);
    // Every user has their own; only a hash is stored.
    const other = await makeFeed(otherToken);
    expect(other.feed_url).not.toBe(made.feed_url);
    const rows = await gateway.db.prisma.feedToken.findMany({ where: { kind: 'podcasts' } });
    for (const row of rows) expect(made.feed_url).not.toContain(row.tokenHash);
  });
});

describe('the feed as a podcast app reads it', () => {
  it('is RSS 2.0 with the iTunes and Podcasting 2.0 namespaces and the channel tags', async () => {
    const url = (await listFeedUrl(token)) as string;
    const { res, feed, namespaces } = await parse(url);
    expect(namespaces).toMatchObject({
      itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
      podcast: 'https://podcastindex.org/namespace/1.0',
    });
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0"/);
    expect(feed.title).toBe('Daily Curated Podcast');
    expect(feed.description).toContain('audio briefing');
    expect(feed.language).toBe('en');
    expect(feed.itunes.image).toBe(`${PUBLIC_URL}/api/podcasts/artwork.png`);
    expect(feed.image?.url).toBe(`${PUBLIC_URL}/api/podcasts/artwork.png`);
    expect(feed.itunes.author).toBe('Daily Curated');
    expect(feed.itunes.owner?.name).toBe('Daily Curated');
    expect(feed.itunes.explicit).toBe('false');
    expect(feed['itunes:category']?.$.text).toBe('News');
    expect(feed['itunes:category']?.['itunes:category']?.[0]?.$.text).toBe('Daily News');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('lists the episodes with audio, newest first, each with enclosure, duration, guid, date, transcript and chapters', async () => {
    const url = (await listFeedUrl(token)) as string;
    const { feed } = await parse(url);
    const episodes = `${url.replace(/\?.*$/, '')}/episodes`;
    // English by default: no Chinese episode; no text-only or unfinished one.
    expect(feed.items.map((item) => item.guid)).toEqual([ids.alphaEn, ids.hostile]);
    const [item, hostile] = feed.items;
    expect(item?.title).toBe('Alpha · 2026-03-10');
    expect(item?.guidTag[0].$.isPermaLink).toBe('false');
    expect(new Date(item?.pubDate as string).toISOString()).toBe('2026-03-11T01:00:00.000Z');
    expect(item?.enclosure).toEqual({
      url: `${episodes}/${ids.alphaEn}/audio.mp3`,
      length: String(audio.length),
      type: 'audio/mpeg',
    });
    expect(item?.itunes.duration).toBe(String(SECONDS));
    expect(item?.transcript?.$).toEqual({
      url: `${episodes}/${ids.alphaEn}/transcript.txt`,
      type: 'text/plain',
      language: 'en',
    });
    expect(item?.chapters?.$).toEqual({
      url: `${episodes}/${ids.alphaEn}/chapters.json`,
      type: 'application/json+chapters',
    });
    // Text from crawled topics is escaped, and characters XML cannot carry are dropped.
    expect(hostile?.title).toBe(`<b>Beta & "Co"</b> 'x' ]]> end · 2026-03-10`);
    expect(hostile?.chapters).toBeUndefined();
  });

  it('plays each enclosure without a Bearer token: a real MP3, the length and duration the feed states', async () => {
    const { feed } = await parse((await listFeedUrl(token)) as string);
    const enclosure = feed.items[0]?.enclosure as Item['enclosure'];
    const whole = await get(enclosure.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // Web players on other sites may load it (<audio> from another origin).
    expect(whole.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(whole.rawPayload.length).toBe(Number(enclosure.length));
    const meta = await parseBuffer(whole.rawPayload, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(meta.format.bitrate).toBe(64_000);
    expect(meta.format.duration).toBeCloseTo(Number(feed.items[0]?.itunes.duration), 0);

    const head = await get(enclosure.url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(enclosure.length);
    expect(head.rawPayload.length).toBe(0);

    const part = await get(enclosure.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.rawPayload).toEqual(audio.subarray(100, 200));

    const outside = await get(enclosure.url, { range: `bytes=${audio.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${audio.length}`);
  });

  it('serves the transcript as text and the chapters as JSON chapters', async () => {
    const { feed } = await parse((await listFeedUrl(token)) as string);
    const transcript = await get(feed.items[0]?.transcript?.$.url as string);
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(transcript.body).toBe('Welcome.\nStory 1: Open models.\nStory 2: Pricing. (EN)');
    const chapters = await get(feed.items[0]?.chapters?.$.url as string);
    expect(chapters.statusCode).toBe(200);
    expect(chapters.headers['content-type']).toBe('application/json+chapters; charset=utf-8');
    expect(chapters.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(chapters.body)).toEqual({
      version: '1.2.0',
      chapters: [
        { startTime: 0.8, endTime: 2.6, title: 'Open models <close> the gap' },
        { startTime: 2.6, endTime: SECONDS, title: 'Pricing & plans' },
      ],
    });
  });

  it('carries the languages and topics chosen in its query', async () => {
    const base = (await makeFeed(otherToken)).feed_url;
    const zh = await parse(`${base}?lang=zh`);
    expect(zh.feed.language).toBe('zh-cn');
    expect(zh.feed.title).toBe('每日精选播客');
    expect(zh.feed.items.map((item) => [item.guid, item.title])).toEqual([
      [ids.alphaZh, '阿尔法 · 2026-03-10'],
    ]);
    const both = await parse(`${base}?lang=zh,en`);
    expect(both.feed.language).toBe('zh-cn');
    expect(both.feed.items.map((item) => item.guid)).toEqual([ids.alphaZh, ids.alphaEn, ids.hostile]);
    const alphaOnly = await parse(
      `${base}?lang=en&topics=${(await gateway.db.prisma.topic.findFirstOrThrow({ where: { slug: 'alpha-feed' } })).id}`,
    );
    expect(alphaOnly.feed.title).toBe('Daily Curated Podcast: Alpha');
    expect(alphaOnly.feed.items.map((item) => item.guid)).toEqual([ids.alphaEn]);
    for (const query of ['lang=fr', 'lang=', 'topics=', 'topics=not-a-uuid']) {
      expect((await get(`${base}?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers 304 to a podcast app whose copy is current (ETag or date)', async () => {
    const url = (await listFeedUrl(token)) as string;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    expect(
      (await get(url, { 'if-modified-since': first.headers['last-modified'] as string })).statusCode,
    ).toBe(304);
    // Another selection is another document.
    expect((await get(`${url},zh`, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('is valid and dated by its creation when it has no episodes yet', async () => {
    const made = await makeFeed(otherToken);
    const { res, feed } = await parse(`${made.feed_url}?topics=${ids.emptyTopic}`);
    expect(feed.items).toEqual([]);
    const created = Math.floor(Date.parse(made.created_at) / 1000) * 1000;
    expect(Date.parse(feed.lastBuildDate)).toBe(created);
    expect(Date.parse(res.headers['last-modified'] as string)).toBe(created);
    expect(new Date(feed.lastBuildDate).getUTCFullYear()).toBeGreaterThan(2000);
  });

  it('has square PNG artwork between 1400 and 3000 pixels, cached by its ETag', async () => {
    const res = await get('/api/podcasts/artwork.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const png = PNG.sync.read(res.rawPayload);
    expect(png.width).toBe(png.height);
    expect(png.width).toBeGreaterThanOrEqual(1400);
    expect(png.width).toBeLessThanOrEqual(3000);
    expect(
      (await get('/api/podcasts/artwork.png', { 'if-none-match': res.headers.etag as string })).statusCode,
    ).toBe(304);
  });
});

describe('revoking', () => {
  it('ends the feed and every link in it at once; a new URL works and the old one stays dead', async () => {
    const old = (await listFeedUrl(token)) as string;
    const { feed } = await parse(old);
    const links = [
      old,
      feed.items[0]?.enclosure.url as string,
      feed.items[0]?.transcript?.$.url as string,
      feed.items[0]?.chapters?.$.url as string,
    ];
    const renewed = await makeFeed(token);
    const gone = await Promise.all(links.map((link) => get(link)));
    expect(gone.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
    // No detail: the same answer as for a token that never existed.
    const unknown = await get(`/api/podcasts/feed/${'A'.repeat(43)}`);
    for (const res of gone) expect(res.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect((await get(renewed.feed_url)).statusCode).toBe(200);

    const off = await gateway.app.inject({
      method: 'DELETE',
      url: '/api/podcasts/feed-token',
      headers: bearer(token),
    });
    expect(off.statusCode).toBe(204);
    expect((await get(renewed.feed_url)).statusCode).toBe(404);
    expect(await listFeedUrl(token)).toBeNull();
  });
});
