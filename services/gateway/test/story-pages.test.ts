import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { mergeStories } from '@app/stories/store';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, PUBLIC_URL, startGateway } from './support/gateway-harness.ts';
import { httpRequest } from './support/http-get.ts';
import { headOf, viewOf } from './support/page-parse.ts';

// A story's public page (/stories/{id}, /zh/stories/{id}) as a client without scripts gets it, over a
// real socket: its status, head (title, canonical, hreflang, Open Graph, its social card) and reading
// view (the title and every report a visitor may read), and a 404 for any other spelling of no story.

const INDEX_HTML = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
const HOSTILE = '</title><script>alert(1)</script> & "quoted"';

let gateway: Gateway;
let webDir: string;
let port = 0;
const ids = { story: '', old: '', lead: '', zhReport: '', oldReport: '' };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-story-pages-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  const prisma = gateway.db.prisma;
  const topicId = (await prisma.topic.create({ data: { slug: 'story-pages', name: 'Story pages' } })).id;
  const source = (sourceName: string, platform: 'blog' | 'wechat' | 'podcast', language: 'EN' | 'ZH') =>
    prisma.datasource.create({
      data: { topicId, platform, sourceName, sourceUrl: `https://${randomUUID()}.example/feed`, language },
    });
  const [wire, daily, zh] = await Promise.all([
    source('TechWire', 'blog', 'EN'),
    source('Dev Daily', 'podcast', 'EN'),
    source('科技日报', 'wechat', 'ZH'),
  ]);
  const story = await prisma.story.create({
    data: {
      headline: 'Cloudscale acquires OrbitDB for $420 million',
      language: 'EN',
      summaryCount: 4,
      firstSeenAt: hoursAgo(24 * 5),
      lastSeenAt: hoursAgo(1),
    },
  });
  ids.story = story.id;
  const report = async (
    headline: string,
    datasourceId: string,
    language: 'EN' | 'ZH',
    hours: number,
    content = `${headline}. The deal closes next quarter.`,
  ) =>
    (
      await prisma.summary.create({
        data: {
          headline,
          content,
          summaryType: 'blog_post',
          language,
          topicId,
          datasourceId,
          storyId: story.id,
          sourceUrls: [`https://${randomUUID()}.example/orbitdb`],
          createdAt: hoursAgo(hours),
        },
      })
    ).id;
  // Older than a visitor's two days: the page leaves it out, as the API does.
  ids.oldReport = await report('Cloudscale in talks to buy OrbitDB', wire.id, 'EN', 24 * 5);
  ids.lead = await report(
    'Cloudscale buys OrbitDB',
    wire.id,
    'EN',
    3,
    'Cloudscale agreed to buy the database startup OrbitDB for $420 million in cash and stock.',
  );
  await report(HOSTILE, daily.id, 'EN', 2);
  ids.zhReport = await report('云规模收购 OrbitDB', zh.id, 'ZH', 1);

  // A story whose every report is older than a visitor's two days.
  const old = await prisma.story.create({
    data: {
      headline: 'An old story',
      language: 'EN',
      summaryCount: 1,
      firstSeenAt: hoursAgo(24 * 6),
      lastSeenAt: hoursAgo(24 * 6),
    },
  });
  ids.old = old.id;
  await prisma.summary.create({
    data: {
      headline: 'An old story',
      content: 'Long ago.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId,
      datasourceId: wire.id,
      storyId: old.id,
      sourceUrls: ['https://old.example/a'],
      createdAt: hoursAgo(24 * 6),
    },
  });

  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gateway?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (target: string, headers?: Record<string, string>) => httpRequest(port, target, { headers });

describe('a story’s page, fetched raw (no JavaScript)', () => {
  it('in both languages: lang, title, description, canonical, hreflang, Open Graph and Twitter tags', async () => {
    const en = `${PUBLIC_URL}/stories/${ids.story}`;
    const zh = `${PUBLIC_URL}/zh/stories/${ids.story}`;
    for (const [target, lang, site] of [
      [`/stories/${ids.story}`, 'en', 'Daily Curated'],
      [`/zh/stories/${ids.story}`, 'zh-CN', '每日精选'],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.headers['content-type'], target).toMatch(/^text\/html/);
      const head = headOf(answer.body);
      expect(head.lang, target).toBe(lang);
      expect(head.title, target).toBe(`Cloudscale acquires OrbitDB for $420 million · ${site}`);
      // The lead report's summary: the first one a visitor may read.
      const description = [
        'Cloudscale agreed to buy the database startup OrbitDB for $420 million in cash and stock.',
      ];
      expect(head.description, target).toEqual(description);
      expect(head.canonical, target).toEqual([`${PUBLIC_URL}${target}`]);
      expect(head.hreflang, target).toEqual({ en, 'zh-CN': zh, 'x-default': en });
      expect(head.meta('robots'), target).toEqual([]);
      expect(head.meta('og:type'), target).toEqual(['article']);
      expect(head.meta('og:title'), target).toEqual(['Cloudscale acquires OrbitDB for $420 million']);
      expect(head.meta('og:description'), target).toEqual(description);
      expect(head.meta('og:url'), target).toEqual([`${PUBLIC_URL}${target}`]);
      expect(head.meta('twitter:card'), target).toEqual(['summary_large_image']);
      expect(head.meta('twitter:image'), target).toEqual(head.meta('og:image'));
      expect(head.jsonLd, target).toEqual([
        expect.objectContaining({ '@type': 'CollectionPage', url: `${PUBLIC_URL}${target}` }),
      ]);
    }
  });

  // The first card a process draws loads the renderer and the fonts: seconds on a busy machine.
  it('its og:image is the story’s own 1200×630 card, one per language', { timeout: 90_000 }, async () => {
    const cards: Buffer[] = [];
    for (const target of [`/stories/${ids.story}`, `/zh/stories/${ids.story}`]) {
      const image = new URL(headOf((await get(target)).body).meta('og:image')[0]!);
      expect(`${image.origin}${image.pathname}`, target).toBe(`${PUBLIC_URL}/api/social-cards/card.png`);
      expect(image.searchParams.get('page'), target).toBe(target);
      const answer = await get(`${image.pathname}${image.search}`);
      expect(answer.status, target).toBe(200);
      expect(answer.headers['content-type'], target).toBe('image/png');
      const png = PNG.sync.read(answer.raw);
      expect([png.width, png.height], target).toEqual([1200, 630]);
      cards.push(answer.raw);
    }
    expect(cards[0]!.equals(cards[1]!)).toBe(false);
    // No story, no card.
    for (const page of [`/stories/${randomUUID()}`, `/stories/${ids.old}`, '/stories/not-an-id']) {
      const answer = await get(`/api/social-cards/card.png?page=${encodeURIComponent(page)}`);
      expect(answer.status, page).toBe(404);
    }
  });

  it('its reading view shows the title, the lead summary and each report a visitor may read', async () => {
    const en = viewOf((await get(`/stories/${ids.story}`)).body)!;
    expect(en.h1).toEqual(['Cloudscale acquires OrbitDB for $420 million']);
    expect(en.h2).toEqual(['Cloudscale buys OrbitDB', HOSTILE, '云规模收购 OrbitDB']);
    expect(en.text).toContain('$420 million in cash and stock');
    for (const text of [
      'TechWire · Blog · English',
      'Dev Daily · Podcast · English',
      '科技日报 · WeChat · Chinese',
    ])
      expect(en.text).toContain(text);
    expect(en.text).not.toContain('in talks to buy');
    // Each report links to its summary here and to the original.
    expect(en.links).toContain(`/content-summary?summary=${ids.lead}`);
    expect(en.links.filter((href) => /^https:\/\/[\w-]+\.example\/orbitdb$/.test(href))).toHaveLength(3);
    expect(en.scripts).toBe(0);

    const zh = viewOf((await get(`/zh/stories/${ids.story}`)).body)!;
    expect(zh.h1).toEqual(['Cloudscale acquires OrbitDB for $420 million']);
    expect(zh.text).toContain('科技日报 · 微信公众号 · 中文');
    expect(zh.text).toContain('原文');
    expect(zh.links).toContain(`/zh/content-summary?summary=${ids.zhReport}`);
  });

  it('markup in a report’s headline stays text, and the document is valid HTML', async () => {
    const answer = await get(`/stories/${ids.story}`);
    expect(answer.body).not.toContain('<script>alert(1)');
    expect(headOf(answer.body).scripts).toBe(1);
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:document'],
      rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
    });
    const report = await validator.validateString(answer.body, 'story page');
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('the same story however its address is spelled, with one canonical URL', async () => {
    const upper = ids.story.toUpperCase();
    // The id's first character, percent-encoded.
    const encoded = `%${ids.story.charCodeAt(0).toString(16)}${ids.story.slice(1)}`;
    for (const target of [
      `/stories/${upper}`,
      `/STORIES/${ids.story}`,
      `/zh/Stories/${upper}`,
      `/stories/${encoded}`,
      `/stories/${ids.story}/`,
      `/stories/${ids.story}?from=share`,
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      const zh = target.startsWith('/zh');
      expect(headOf(answer.body).canonical, target).toEqual([
        `${PUBLIC_URL}${zh ? '/zh' : ''}/stories/${ids.story}`,
      ]);
    }
  });

  it('a story merged into another: its address opens the story it went into, named by its own URL', async () => {
    const prisma = gateway.db.prisma;
    const topicId = (await prisma.topic.findFirstOrThrow()).id;
    const datasourceId = (await prisma.datasource.findFirstOrThrow()).id;
    const storyWith = async (headline: string) => {
      const story = await prisma.story.create({
        data: {
          headline,
          language: 'EN',
          summaryCount: 1,
          firstSeenAt: hoursAgo(2),
          lastSeenAt: hoursAgo(2),
        },
      });
      await prisma.summary.create({
        data: {
          headline,
          content: `${headline}, as reported.`,
          summaryType: 'blog_post',
          language: 'EN',
          topicId,
          datasourceId,
          storyId: story.id,
          sourceUrls: [`https://${randomUUID()}.example/merged`],
          createdAt: hoursAgo(2),
        },
      });
      return story.id;
    };
    const first = await storyWith('Harbor opens a second berth');
    const second = await storyWith('Harbor adds a berth for container ships');
    const third = await storyWith('Port of Harbor doubles its berths');
    // An admin merges the first into the second, then the second into the third.
    await mergeStories(prisma, second, first);
    await mergeStories(prisma, third, second);
    for (const gone of [first, second, first.toUpperCase()]) {
      const answer = await get(`/stories/${gone}`);
      expect(answer.status, gone).toBe(200);
      expect(headOf(answer.body).canonical, gone).toEqual([`${PUBLIC_URL}/stories/${third}`]);
      expect(answer.body, gone).toContain('Harbor opens a second berth');
      const api = await get(`/api/stories/${gone}`);
      expect(api.status, gone).toBe(200);
      expect(JSON.parse(api.body).id, gone).toBe(third);
    }
    // Once the story it went into is gone too (its reports removed), the address is a 404.
    await prisma.summary.deleteMany({ where: { storyId: third } });
    await prisma.story.delete({ where: { id: third } });
    expect((await get(`/stories/${first}`)).status).toBe(404);
    expect((await get(`/api/stories/${first}`)).status).toBe(404);
  });

  it('no story, or no id: a 404, noindex, without canonical, with the not-found reading view', async () => {
    const notUuid = `${ids.story.slice(0, 14)}0${ids.story.slice(15)}`;
    for (const target of [
      `/stories/${randomUUID()}`,
      `/zh/stories/${randomUUID()}`,
      '/stories/not-an-id',
      `/stories/${ids.story}x`,
      `/stories/${ids.story.slice(0, -1)}`,
      `/stories/${ids.story}%2F`,
      `/stories/${ids.story}%2Fx`,
      `/stories/${ids.story}/reports`,
      `/stories%2F${ids.story}`,
      `/stories/%7B${ids.story}%7D`,
      `/stories/${encodeURIComponent(' ')}${ids.story}`,
      // A UUID's shape without its version: no id the API takes.
      `/stories/${notUuid}`,
      '/stories/%2e%2e',
      '/stories/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/stories',
      '/stories/',
      '/zh/zh/stories/x',
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('<script>alert(1)');
      const head = headOf(answer.body);
      expect(head.meta('robots'), target).toEqual(['noindex']);
      expect(head.canonical, target).toEqual([]);
      expect(head.meta('og:image'), target).toEqual([]);
      expect(viewOf(answer.body)?.h1, target).toEqual([
        target.startsWith('/zh/') ? '页面未找到' : 'Page not found',
      ]);
    }
  });

  it('a story older than a visitor’s two days is gone for visitors (410); the API refuses it the same way', async () => {
    for (const target of [`/stories/${ids.old}`, `/zh/stories/${ids.old}`]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(410);
      expect(headOf(answer.body).meta('robots'), target).toEqual(['noindex']);
      expect(answer.body, target).not.toContain('An old story');
    }
    const api = await get(`/api/stories/${ids.old}`);
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: 'PRO_REQUIRED' } });
  });

  it('is not in the sitemap', async () => {
    for (const file of ['/sitemaps/en.xml', '/sitemaps/zh.xml']) {
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect(answer.body, file).not.toContain('/stories/');
    }
  });
});
