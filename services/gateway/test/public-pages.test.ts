import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { HtmlValidate } from 'html-validate';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type Gateway, PUBLIC_URL, startGateway, startPeer } from './support/gateway-harness.ts';
import { httpRequest } from './support/http-get.ts';
import { headOf, viewOf } from './support/page-parse.ts';

// What a search engine sees of the web app, over a real socket: robots.txt, the sitemaps (valid by the
// sitemaps.org schemas, every URL in them a page that answers 200), and the status of each page's
// document: 404 where the app shows its 404 screen, 410 for a blog post taken down.

// The web app's own document (what a build writes, before its scripts are added), the home page's, and
// the summaries page's and a blog post's (each with its first-paint script).
const INDEX_HTML = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
const HOME_HTML = INDEX_HTML.replace(
  '</body>',
  '<script type="module" async src="/assets/first-paint.js"></script></body>',
);
const READING_HTML = INDEX_HTML.replace(
  '</body>',
  '<script type="module" async src="/assets/first-paint-reading.js"></script></body>',
);

const HOSTILE_TITLE = '</title><script>alert(1)</script> "Quoted" & \u2028 </script><!--';

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'sitemaps');
const schemaFile = async (name: string) => ({
  fileName: name,
  contents: await readFile(path.join(fixtures, name), 'utf8'),
});

let gateway: Gateway;
let paged: Gateway['app'];
let webDir: string;
const PAGE_PRELOADS = {
  contentSummary: ['/assets/content-summary-page-abc123.js', '/assets/icons-def456.js'],
  blogPost: ['/assets/blog-post-page-0a1b2c.js'],
};
let port = 0;
let pagedPort = 0;
const ids = { engineering: '', other: '', paused: '' };
const updated = { bothEn: new Date(0), engineering: new Date(0) };

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-pages-'));
  for (const [name, body] of [
    ['index.html', INDEX_HTML],
    ['home.html', HOME_HTML],
    ['reading.html', READING_HTML],
  ] as const) {
    await writeFile(path.join(webDir, name), body);
    await writeFile(path.join(webDir, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(webDir, `${name}.gz`), gzipSync(body));
  }
  // A build's own robots.txt never replaces the gateway's.
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  // What web/vite-page-preloads.ts writes: each public page's scripts beyond the entry.
  await writeFile(path.join(webDir, 'page-preloads.json'), JSON.stringify(PAGE_PRELOADS));
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  const prisma = gateway.db.prisma;

  const engineering = await prisma.topic.create({
    data: {
      slug: 'engineering',
      name: 'Engineering',
      nameZh: '工程',
      description: 'How software gets built.',
      descriptionZh: '软件是怎样做出来的。',
    },
  });
  ids.engineering = engineering.id;
  updated.engineering = engineering.updatedAt;
  ids.other = (await prisma.topic.create({ data: { slug: 'gardening', name: 'Gardening' } })).id;
  for (const [language, headline] of [
    ['EN', 'Reading view: a summary of today'],
    ['ZH', '阅读视图：今天的一篇摘要'],
  ] as const)
    await prisma.summary.create({
      data: {
        headline,
        content: `${headline}. <script>alert(1)</script> Some **text** about it.`,
        summaryType: 'blog_post',
        language,
        topicId: engineering.id,
        sourceUrls: ['https://example.com/post'],
      },
    });
  // The topic's sitemap lastmod is its newest summary's.
  updated.engineering = (
    await prisma.summary.findFirstOrThrow({
      where: { topicId: engineering.id },
      orderBy: { createdAt: 'desc' },
    })
  ).createdAt;
  ids.paused = (
    await prisma.topic.create({ data: { slug: 'startup-vc', name: 'Startups', isActive: false } })
  ).id;
  const channel = (sourceName: string, language: 'EN' | 'ZH', isActive = true) =>
    prisma.datasource.create({
      data: {
        topicId: engineering.id,
        platform: 'youtube',
        sourceName,
        sourceUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${randomUUID()}`,
        language,
        isActive,
      },
    });
  await channel('Some Channel', 'EN');
  await channel('中文频道', 'ZH');
  await channel('Paused Channel', 'EN', false);

  const day = 86_400_000;
  const post = (
    slug: string,
    language: 'EN' | 'ZH',
    status: 'draft' | 'published' | 'archived',
    publishedAt: Date | null,
    more: { title?: string; excerpt?: string } & Record<string, unknown> = {},
  ) =>
    prisma.blogPost.create({
      data: { slug, language, status, publishedAt, title: slug, content: `<p>${slug}</p>`, ...more },
    });
  updated.bothEn = (
    await post('both-languages', 'EN', 'published', new Date(Date.now() - 2 * day), {
      // Markup in a title or excerpt is text in the head, never a tag.
      title: HOSTILE_TITLE,
      excerpt: '<img src=x onerror=alert(1)> & more',
    })
  ).updatedAt;
  await post('both-languages', 'ZH', 'published', new Date(Date.now() - 2 * day), { title: '两种语言' });
  await post('english-only', 'EN', 'published', new Date(Date.now() - day), {
    title: 'A post with a picture',
    metaTitle: 'The picture post',
    metaDescription: 'What the picture shows, in one line.',
    excerpt: 'The excerpt.',
    category: 'product',
    tags: ['launch', 'guide'],
    featuredImageUrl: '/images/cover.png',
    featuredImageAlt: 'A cover picture',
    authorName: 'Ada Lovelace',
  });
  await post('never-published', 'EN', 'draft', null);
  await post('archived-unpublished', 'EN', 'archived', null);
  await post('taken-down', 'EN', 'archived', new Date(Date.now() - 3 * day));
  await post('back-to-draft', 'EN', 'draft', new Date(Date.now() - 3 * day));
  await post('scheduled', 'EN', 'published', new Date(Date.now() + day));

  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.app.server.address() as AddressInfo).port;
  // The same site with four URLs a sitemap file: a language's pages take several files.
  paged = await startPeer(gateway, {}, { sitemapPageSize: 4 });
  await paged.listen({ host: '127.0.0.1', port: 0 });
  pagedPort = (paged.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await paged?.close();
  await gateway?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (target: string, headers?: Record<string, string>) => httpRequest(port, target, { headers });

/** A document without what a page's head changes: the build's document it was served from. */
const withoutHead = (html: string) =>
  html
    .replace(/<html lang="[^"]*">/, '<html>')
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/g, '')
    .replace(/\s*<(?:link|meta|script)[^>]* data-page-head[^>]*>(?:[^<]*<\/script>)?/g, '')
    .replace(/\s*<style data-page-body-style>[^<]*<\/style>/, '')
    .replace(/<div id="root">[\s\S]*?<\/main><\/div><\/div>/, '<div id="root"></div>')
    .replace(/\n\s*(?=\n)/g, '');

describe('robots.txt', () => {
  it('lets crawlers read the public pages, not the API nor the private screens, and names the sitemap', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const lines = answer.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const hidden of [
      '/api/',
      '/admin',
      '/zh/admin',
      '/profile',
      '/zh/profile',
      '/content-history',
      '/content-generator',
      '/zh/content-generator',
      '/auth',
      '/zh/auth',
      '/unsubscribe',
      '/newsletter/confirm',
      '/database-test',
    ])
      expect(disallowed, hidden).toContain(hidden);
    // No rule keeps a crawler from a public page (robots rules match by prefix).
    for (const open of [
      '/',
      '/zh',
      '/pricing',
      '/blog/x',
      '/zh/blog',
      '/topics/engineering',
      '/youtube/x',
      '/content-summary',
      '/daily-podcast',
    ])
      expect(
        disallowed.filter((rule) => open.startsWith(rule)),
        open,
      ).toEqual([]);
  });
});

type UrlEntry = {
  loc: string;
  lastmod?: string;
  'xhtml:link'?: { rel: string; hreflang: string; href: string }[];
};
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name),
});

async function expectValid(xml: string, schema: string, preload: string[] = []) {
  const result = await validateXML({
    xml: [{ fileName: 'answer.xml', contents: xml }],
    schema: [await schemaFile(schema)],
    preload: await Promise.all(preload.map(schemaFile)),
  });
  expect(result.errors, result.rawOutput).toEqual([]);
  expect(result.valid).toBe(true);
}

/** The sitemap index and every file it lists, each validated by the sitemaps.org schemas. */
async function readSitemaps(portOf: number) {
  const index = await httpRequest(portOf, '/sitemap.xml');
  expect(index.status).toBe(200);
  expect(index.headers['content-type']).toMatch(/^application\/xml/);
  await expectValid(index.body, 'siteindex.xsd');
  const files = (parser.parse(index.body).sitemapindex.sitemap as { loc: string; lastmod?: string }[]).map(
    (item) => item.loc,
  );
  const urls = new Map<string, UrlEntry[]>();
  for (const file of files) {
    expect(file.startsWith(`${PUBLIC_URL}/sitemaps/`), file).toBe(true);
    const answer = await httpRequest(portOf, file.slice(PUBLIC_URL.length));
    expect(answer.status, file).toBe(200);
    await expectValid(answer.body, 'urlset-with-alternates.xsd', ['sitemap.xsd', 'xhtml-link.xsd']);
    urls.set(file, parser.parse(answer.body).urlset.url as UrlEntry[]);
  }
  return { files, urls };
}

const pathsOf = (entries: UrlEntry[]) => entries.map((entry) => entry.loc.slice(PUBLIC_URL.length));

describe('the sitemaps', () => {
  it('an index of one file per language, listing each language’s public pages', async () => {
    const { files, urls } = await readSitemaps(port);
    expect(files).toEqual([`${PUBLIC_URL}/sitemaps/en.xml`, `${PUBLIC_URL}/sitemaps/zh.xml`]);
    const en = pathsOf(urls.get(files[0]!)!);
    const zh = pathsOf(urls.get(files[1]!)!);
    expect(en.sort()).toEqual(
      [
        '/',
        '/content-summary',
        '/daily-podcast',
        '/pricing',
        '/blog',
        '/other-youtube-sources',
        '/blog/both-languages',
        '/blog/english-only',
        '/topics/engineering',
        `/topics/${ids.engineering}`,
        `/topics/${ids.other}`,
        '/youtube/Some%20Channel',
      ].sort(),
    );
    expect(zh.sort()).toEqual(
      [
        '/zh',
        '/zh/content-summary',
        '/zh/daily-podcast',
        '/zh/pricing',
        '/zh/blog',
        '/zh/other-youtube-sources',
        '/zh/blog/both-languages',
        '/zh/topics/engineering',
        `/zh/topics/${ids.engineering}`,
        `/zh/topics/${ids.other}`,
        '/zh/youtube/Some%20Channel',
        `/zh/youtube/${encodeURIComponent('中文频道')}`,
      ].sort(),
    );
  });

  it('lastmod comes from the rows, and a page in both languages names both with hreflang', async () => {
    const { urls } = await readSitemaps(port);
    const en = urls.get(`${PUBLIC_URL}/sitemaps/en.xml`)!;
    const byPath = (p: string) => en.find((entry) => entry.loc === `${PUBLIC_URL}${p}`)!;
    expect(byPath('/blog/both-languages').lastmod).toBe(updated.bothEn.toISOString());
    expect(byPath('/topics/engineering').lastmod).toBe(updated.engineering.toISOString());
    expect(byPath('/blog').lastmod).toBeDefined();
    expect(byPath('/blog/both-languages')['xhtml:link']).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${PUBLIC_URL}/blog/both-languages` },
      { rel: 'alternate', hreflang: 'zh-CN', href: `${PUBLIC_URL}/zh/blog/both-languages` },
      { rel: 'alternate', hreflang: 'x-default', href: `${PUBLIC_URL}/blog/both-languages` },
    ]);
    expect(byPath('/')['xhtml:link']?.map((link) => link.href)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/zh`,
      `${PUBLIC_URL}/`,
    ]);
    // Only in English: no alternates.
    expect(byPath('/blog/english-only')['xhtml:link']).toBeUndefined();
  });

  it('every URL of every sitemap is a page that answers 200', async () => {
    const { urls } = await readSitemaps(port);
    const all = [...urls.values()].flatMap(pathsOf);
    expect(all.length).toBeGreaterThan(20);
    for (const target of all) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.headers['content-type'], target).toMatch(/^text\/html/);
    }
  });

  it('past the page size, a language’s pages take several files, each listed once in the index', async () => {
    const whole = await readSitemaps(port);
    const { files, urls } = await readSitemaps(pagedPort);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/en.xml`,
      `${PUBLIC_URL}/sitemaps/en-2.xml`,
      `${PUBLIC_URL}/sitemaps/en-3.xml`,
      `${PUBLIC_URL}/sitemaps/zh.xml`,
      `${PUBLIC_URL}/sitemaps/zh-2.xml`,
      `${PUBLIC_URL}/sitemaps/zh-3.xml`,
    ]);
    for (const entries of urls.values()) expect(entries.length).toBeLessThanOrEqual(4);
    const en = files.filter((file) => file.includes('/en')).flatMap((file) => pathsOf(urls.get(file)!));
    expect(en).toEqual(pathsOf(whole.urls.get(`${PUBLIC_URL}/sitemaps/en.xml`)!));
  });

  it('a file no language has is a 404; an over-long name a 400', async () => {
    for (const target of [
      '/sitemaps/en-4.xml',
      '/sitemaps/en-1.xml',
      '/sitemaps/en-02.xml',
      '/sitemaps/fr.xml',
      '/sitemaps/EN.xml',
      '/sitemaps/en.xml.gz',
      '/sitemaps/',
    ])
      expect((await httpRequest(pagedPort, target)).status, target).toBe(404);
    expect((await get(`/sitemaps/${'e'.repeat(60)}.xml`)).status).toBe(400);
  });
});

describe('the status of a page’s document', () => {
  const expectDocument = async (target: string, status: number, document = INDEX_HTML) => {
    const answer = await get(target);
    expect(answer.status, target).toBe(status);
    expect(answer.headers['content-type'], target).toMatch(/^text\/html/);
    expect(answer.headers['cache-control'], target).toBe('no-cache');
    expect(withoutHead(answer.body), target).toBe(withoutHead(document));
  };

  it('a page of the app is a 200, the home, summaries and blog post pages with their first-paint documents', async () => {
    for (const target of ['/', '/zh', '/zh/']) await expectDocument(target, 200, HOME_HTML);
    for (const target of [
      '/content-summary',
      '/zh/content-summary',
      '/content-summary?date=2026-01-01',
      '/blog/both-languages',
      '/zh/blog/both-languages',
    ])
      await expectDocument(target, 200, READING_HTML);
    for (const target of [
      '/pricing',
      '/zh/pricing',
      '/pricing/',
      '/blog',
      '/admin',
      '/zh/admin',
      '/profile',
      '/auth?redirect=%2Fprofile',
      '/unsubscribe?token=x',
      '/topics/engineering',
      `/topics/${ids.engineering}`,
      `/topics/${ids.engineering.toUpperCase()}`,
      `/zh/topics/${ids.other}`,
      '/youtube/Some%20Channel',
      `/zh/youtube/${encodeURIComponent('中文频道')}`,
    ])
      await expectDocument(target, 200);
  });

  it('a path no page has is a 404 with the app’s document (which draws the 404 screen)', async () => {
    for (const target of [
      '/nope',
      '/zh/nope',
      '/zh/zh',
      '/zhx',
      '/pricing/x',
      '/admin/users',
      '/topics',
      '/index',
    ])
      await expectDocument(target, 404);
  });

  it('a blog post, topic or channel that does not exist is a 404', async () => {
    for (const target of [
      '/blog/missing',
      '/blog/never-published',
      '/blog/archived-unpublished',
      '/blog/scheduled',
      // Written in English only.
      '/zh/blog/english-only',
      // Not a landing slug (only its id opens its page), a paused topic, an unknown id.
      '/topics/gardening',
      '/topics/startup-vc',
      `/topics/${ids.paused}`,
      `/topics/${randomUUID()}`,
      '/topics/not-a-topic',
      '/youtube/',
      '/youtube/Unknown',
      '/youtube/Paused%20Channel',
      // The English grid lists English channels only.
      `/youtube/${encodeURIComponent('中文频道')}`,
    ])
      await expectDocument(target, 404);
  });

  it('a blog post taken down after it was public is a 410', async () => {
    for (const target of ['/blog/taken-down', '/blog/back-to-draft']) await expectDocument(target, 410);
  });

  it('a lookup that fails still answers the app’s document, as a 503', async () => {
    const prisma = gateway.db.prisma;
    await prisma.$executeRawUnsafe('ALTER TABLE blog_posts RENAME TO blog_posts_away');
    try {
      await expectDocument('/blog/both-languages', 503);
      await expectDocument('/pricing', 200);
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE blog_posts_away RENAME TO blog_posts');
    }
  });

  it('HEAD answers the same status', async () => {
    for (const [target, status] of [
      ['/pricing', 200],
      ['/nope', 404],
      ['/blog/taken-down', 410],
    ] as const)
      expect((await httpRequest(port, target, { method: 'HEAD' })).status, target).toBe(status);
  });

  it('the status follows the page the web router reads, however the path is spelled', async () => {
    const cases: [string, number][] = [
      // The router matches a page's fixed segments whatever their case; a slug is looked up as written.
      ['/Blog/both-languages', 200],
      ['/BLOG/both-languages', 200],
      ['/Blog/x', 404],
      ['/blog/BOTH-LANGUAGES', 404],
      ['/BLOG/taken-down', 410],
      ['/PRICING', 200],
      ['/ZH/pricing', 404],
      // A doubled slash: a browser reads '//blog/x' as the host 'blog'; an empty segment is no page.
      ['//blog/both-languages', 404],
      ['//blog/x', 404],
      ['/blog//both-languages', 404],
      ['//', 404],
      // An encoded slash is part of one segment, never a separator.
      ['/blog%2Fboth-languages', 404],
      ['/blog%2fx', 404],
      ['/zh%2Fpricing', 404],
      ['/blog/both-languages%2F', 404],
      // Other escapes are the characters they stand for.
      ['/blog/both%2Dlanguages', 200],
      ['/%62log/both-languages', 200],
      ['/%7Ah/pricing', 200],
      // Dot segments are no page.
      ['/blog/%2e%2e', 404],
      ['/blog/%2E', 404],
      ['/x/%2e%2e/pricing', 404],
    ];
    for (const [target, status] of cases) {
      const answer = await get(target);
      expect(answer.status, target).toBe(status);
      // A blog post that is one has the reading pages' first-paint document.
      const post = status === 200 && /^\/blog\//i.test(decodeURIComponent(target));
      expect(withoutHead(answer.body), target).toBe(withoutHead(post ? READING_HTML : INDEX_HTML));
    }
  });
});

describe('the head of a page’s document (fetched raw, no JavaScript)', () => {
  const pages = () => [
    { path: '/', title: 'Daily Curated', zhTitle: '每日精选' },
    { path: '/content-summary', title: 'Daily summaries · Daily Curated', zhTitle: '每日摘要 · 每日精选' },
    { path: '/daily-podcast', title: 'Daily Podcast · Daily Curated', zhTitle: '每日播客 · 每日精选' },
    { path: '/pricing', title: 'Pricing · Daily Curated', zhTitle: '价格 · 每日精选' },
    { path: '/blog', title: 'Blog · Daily Curated', zhTitle: '博客 · 每日精选' },
    { path: '/topics/engineering', title: 'Engineering · Daily Curated', zhTitle: '工程 · 每日精选' },
    { path: `/topics/${ids.engineering}`, title: 'Engineering · Daily Curated', zhTitle: '工程 · 每日精选' },
    {
      path: '/youtube/Some%20Channel',
      title: 'Some Channel · Daily Curated',
      zhTitle: 'Some Channel · 每日精选',
    },
    {
      path: '/other-youtube-sources',
      title: 'YouTube channels · Daily Curated',
      zhTitle: 'YouTube 频道 · 每日精选',
    },
    {
      path: '/blog/both-languages',
      title: `${HOSTILE_TITLE} · Daily Curated`,
      zhTitle: '两种语言 · 每日精选',
    },
  ];

  it('every public page in both languages: lang, title, description, canonical, hreflang and Open Graph', async () => {
    for (const page of pages()) {
      for (const language of ['en', 'zh'] as const) {
        const path_ = language === 'en' ? page.path : page.path === '/' ? '/zh' : `/zh${page.path}`;
        const answer = await get(path_);
        expect(answer.status, path_).toBe(200);
        const head = headOf(answer.body);
        const url = `${PUBLIC_URL}${path_}`;
        expect(head.lang, path_).toBe(language === 'en' ? 'en' : 'zh-CN');
        expect(head.title, path_).toBe(language === 'en' ? page.title : page.zhTitle);
        expect(head.description, path_).toHaveLength(1);
        expect(head.description[0]!.length, path_).toBeGreaterThan(5);
        expect(head.canonical, path_).toEqual([url]);
        const en = `${PUBLIC_URL}${page.path}`;
        const zh = `${PUBLIC_URL}${page.path === '/' ? '/zh' : `/zh${page.path}`}`;
        expect(head.hreflang, path_).toEqual({ en, 'zh-CN': zh, 'x-default': en });
        expect(head.meta('og:url'), path_).toEqual([url]);
        expect(head.meta('og:locale'), path_).toEqual([language === 'en' ? 'en_US' : 'zh_CN']);
        expect(head.meta('og:title')[0], path_).toBe(head.title.replace(/ · (Daily Curated|每日精选)$/, ''));
        expect(head.meta('og:description'), path_).toEqual(head.description);
        const card = new URL(head.meta('og:image')[0]!);
        expect(`${card.origin}${card.pathname}`, path_).toBe(`${PUBLIC_URL}/api/social-cards/card.png`);
        expect(card.searchParams.get('page'), path_).toBe(path_);
        expect(head.meta('og:image:width'), path_).toEqual(['1200']);
        expect(head.meta('og:image:height'), path_).toEqual(['630']);
        expect(head.meta('twitter:image'), path_).toEqual(head.meta('og:image'));
        expect(head.meta('twitter:card'), path_).toEqual(['summary_large_image']);
        expect(head.meta('robots'), path_).toEqual([]);
        expect(
          head.jsonLd.every((data) => data['@context'] === 'https://schema.org'),
          path_,
        ).toBe(true);
      }
    }
  });

  it('a topic page names its feeds, the home page every topic’s; the home page is a WebSite', async () => {
    const topic = headOf((await get('/zh/topics/engineering')).body);
    expect(topic.feeds).toEqual([
      '/feeds/topics/engineering.rss?lang=zh',
      '/feeds/topics/engineering.atom?lang=zh',
      '/feeds/topics/engineering.json?lang=zh',
      '/feeds/summaries.rss?lang=zh',
      '/feeds/summaries.atom?lang=zh',
      '/feeds/summaries.json?lang=zh',
    ]);
    expect(topic.description).toEqual(['软件是怎样做出来的。']);
    expect(topic.jsonLd.map((data) => data['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);
    // A topic without a description of its own gets one in the page's language.
    expect(headOf((await get(`/zh/topics/${ids.other}`)).body).description).toEqual([
      '关于Gardening的每日 AI 摘要。',
    ]);
    // Each feed named in a head answers with a feed.
    for (const feed of topic.feeds) expect((await get(feed)).status, feed).toBe(200);
    const home = headOf((await get('/')).body);
    expect(home.feeds).toEqual(expect.arrayContaining(['/feeds/topics/engineering.rss?lang=en']));
    expect(home.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebSite', url: `${PUBLIC_URL}/` })]);
    const podcast = headOf((await get('/daily-podcast')).body);
    expect(podcast.jsonLd).toEqual([expect.objectContaining({ '@type': 'PodcastSeries', inLanguage: 'en' })]);
  });

  it('every public page names the site’s feeds in its language, the blog’s pages the blog’s first', async () => {
    const site = (lang: string) => ['rss', 'atom', 'json'].map((f) => `/feeds/summaries.${f}?lang=${lang}`);
    const blog = (lang: string) => ['rss', 'atom', 'json'].map((f) => `/feeds/blog.${f}?lang=${lang}`);
    for (const [path_, lang] of [
      ['/', 'en'],
      ['/zh/content-summary', 'zh'],
      ['/pricing', 'en'],
      ['/zh/daily-podcast', 'zh'],
    ] as const) {
      expect(headOf((await get(path_)).body).feeds, path_).toEqual(expect.arrayContaining(site(lang)));
    }
    expect(headOf((await get('/content-summary')).body).feeds.slice(0, 3)).toEqual(site('en'));
    expect(headOf((await get('/zh/blog')).body).feeds).toEqual([...blog('zh'), ...site('zh')]);
    expect(headOf((await get('/blog/english-only')).body).feeds).toEqual([...blog('en'), ...site('en')]);
    // Each answers with a feed of its kind, in its language.
    for (const url of [...site('zh'), ...blog('en')]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/(rss|atom|feed)\+(xml|json)/);
    }
    expect(JSON.parse((await get('/feeds/blog.json?lang=en')).body)).toEqual(
      expect.objectContaining({
        title: 'Daily Curated blog',
        language: 'en',
        items: expect.arrayContaining([
          expect.objectContaining({ title: 'A post with a picture', url: `${PUBLIC_URL}/blog/english-only` }),
        ]),
      }),
    );
  });

  it('a blog post is an article with its own picture, dates, author and tags; one language, no hreflang', async () => {
    const head = headOf((await get('/blog/english-only')).body);
    expect(head.title).toBe('The picture post · Daily Curated');
    expect(head.description).toEqual(['What the picture shows, in one line.']);
    expect(head.hreflang).toEqual({});
    expect(head.meta('og:type')).toEqual(['article']);
    // The link preview shows the post's card; its own picture is in its structured data.
    expect(head.meta('og:image')[0]).toMatch(
      /\/api\/social-cards\/card\.png\?page=%2Fblog%2Fenglish-only&v=/,
    );
    expect(head.meta('og:image:alt')).toEqual(['The picture post']);
    expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(head.meta('article:tag')).toEqual(['launch', 'guide']);
    expect(head.meta('article:section')).toEqual(['product']);
    expect(head.meta('og:locale:alternate')).toEqual([]);
    const [article] = head.jsonLd;
    expect(article).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'A post with a picture',
      author: { '@type': 'Person', name: 'Ada Lovelace' },
      image: `${PUBLIC_URL}/images/cover.png`,
      inLanguage: 'en',
      mainEntityOfPage: `${PUBLIC_URL}/blog/english-only`,
    });
    expect(Date.parse(String(article!.datePublished))).toBeLessThan(Date.now());
    // Its picture and its data are fetched with the document, at the addresses the app asks for (the
    // browser test checks the app then asks for nothing more).
    expect(head.preload).toEqual([
      { as: 'image', href: '/images/cover.png', fetchpriority: 'high' },
      { as: 'fetch', href: '/api/blog/posts/english-only?language=en', crossorigin: 'use-credentials' },
    ]);
    // A post without a picture preloads its data only; the other pages nothing.
    expect(headOf((await get('/zh/blog/both-languages')).body).preload).toEqual([
      { as: 'fetch', href: '/api/blog/posts/both-languages?language=zh', crossorigin: 'use-credentials' },
    ]);
    for (const target of ['/', '/blog', '/pricing'])
      expect(headOf((await get(target)).body).preload, target).toEqual([]);
    // The summary page's list is preloaded for a visitor (lib/page-preloads.ts), not for a reader.
    expect(headOf((await get('/content-summary')).body).preload).toEqual([
      {
        as: 'fetch',
        href: '/api/summaries?page=1&timezone=America%2FLos_Angeles&language=en&group=story',
        crossorigin: 'use-credentials',
      },
    ]);
    expect(headOf((await get('/content-summary', { cookie: 'has_session=1' })).body).preload).toEqual([]);
  });

  it('a page’s document preloads its own scripts, as the build lists them; other documents none', async () => {
    const scripts = (html: string) =>
      DomUtils.getElementsByTagName('link', parseDocument(html))
        .filter(
          (link) => link.attribs.rel === 'modulepreload' && link.attribs['data-page-head'] !== undefined,
        )
        .map((link) => [link.attribs.href, link.attribs.crossorigin]);
    expect(scripts((await get('/content-summary')).body)).toEqual([
      ['/assets/content-summary-page-abc123.js', ''],
      ['/assets/icons-def456.js', ''],
    ]);
    expect(scripts((await get('/zh/blog/both-languages')).body)).toEqual([
      ['/assets/blog-post-page-0a1b2c.js', ''],
    ]);
    // A page the build lists nothing for, a post that does not exist (the 404 screen) and no page.
    for (const target of ['/pricing', '/blog/missing', '/nope'])
      expect(scripts((await get(target)).body), target).toEqual([]);
    // The list itself is the gateway's to read, not a file of the site.
    expect((await get('/page-preloads.json')).status).toBe(404);
  });

  it('markup in a stored title or excerpt stays text: no tag, script or comment gets into the head', async () => {
    const answer = await get('/blog/both-languages');
    const head = headOf(answer.body);
    expect(head.title).toBe(`${HOSTILE_TITLE} · Daily Curated`);
    expect(head.description).toEqual(['<img src=x onerror=alert(1)> & more']);
    expect(head.jsonLd[0]).toMatchObject({ headline: HOSTILE_TITLE });
    // Only the build's own module scripts (the entry and the first paint's): none came from the title.
    expect(head.scripts).toBe(2);
    expect(answer.body).not.toContain('<script>alert(1)');
    expect(answer.body).not.toContain('<img src=x');
  });

  it('missing, removed and private pages are noindex, without canonical; /zh ones are zh-CN', async () => {
    for (const [target, status, lang] of [
      ['/nope', 404, 'en'],
      ['/zh/nope', 404, 'zh-CN'],
      ['/blog/taken-down', 410, 'en'],
      ['/zh/blog/english-only', 404, 'zh-CN'],
      ['/profile', 200, 'en'],
      ['/zh/admin', 200, 'zh-CN'],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, target).toBe(status);
      const head = headOf(answer.body);
      expect(head.lang, target).toBe(lang);
      expect(head.meta('robots'), target).toEqual(['noindex']);
      expect(head.canonical, target).toEqual([]);
      expect(head.meta('og:title'), target).toEqual([]);
    }
  });

  it('the documents are valid HTML (html-validate)', async () => {
    // Integrity hashes are asked of other sites' scripts only: the build's own come from this origin.
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:document'],
      rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
    });
    for (const target of [
      '/',
      '/zh',
      '/blog/english-only',
      '/blog/both-languages',
      '/zh/topics/engineering',
      '/nope',
    ]) {
      const report = await validator.validateString((await get(target)).body, target);
      expect(
        report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`)),
        target,
      ).toEqual([]);
    }
  });
});

describe('the reading view in a page’s document (what a client without scripts reads)', () => {
  it('each public page shows its titles and text, in its language', async () => {
    const cases: [string, string, string][] = [
      ['/', 'Daily Curated', 'Engineering'],
      ['/zh', '每日精选', '工程'],
      ['/content-summary', 'Daily summaries', 'Reading view: a summary of today'],
      ['/zh/content-summary', '每日摘要', '阅读视图：今天的一篇摘要'],
      ['/topics/engineering', 'Engineering', 'Reading view: a summary of today'],
      [`/zh/topics/${ids.engineering}`, '工程', '阅读视图：今天的一篇摘要'],
      ['/blog', 'Blog', 'A post with a picture'],
      ['/blog/english-only', 'A post with a picture', 'english-only'],
      ['/zh/blog/both-languages', '两种语言', 'both-languages'],
      ['/other-youtube-sources', 'YouTube channels', 'Some Channel'],
      ['/youtube/Some%20Channel', 'Some Channel', 'Nothing here yet today.'],
      ['/pricing', 'Pricing', 'Upgrade to Pro'],
      ['/zh/pricing', '价格', '升级到 Pro'],
      ['/zh/blog', '博客', '两种语言'],
      ['/blog/both-languages', HOSTILE_TITLE, 'both-languages'],
      [`/topics/${ids.engineering}`, 'Engineering', 'Reading view: a summary of today'],
      ['/zh/topics/engineering', '工程', '阅读视图：今天的一篇摘要'],
      ['/zh/other-youtube-sources', 'YouTube 频道', 'Some Channel'],
      ['/zh/youtube/Some%20Channel', 'Some Channel', '今天这里还没有内容。'],
      ['/daily-podcast', 'Daily Podcast', 'audio briefing'],
      ['/zh/daily-podcast', '每日播客', '音频简报'],
      ['/nope', 'Page not found', 'does not exist'],
      ['/zh/blog/taken-down', '页面未找到', '不存在'],
    ];
    for (const [target, h1, text] of cases) {
      const view = viewOf((await get(target)).body);
      expect(view, target).not.toBeNull();
      expect(view!.h1, target).toEqual([h1]);
      expect(view!.text, target).toContain(text);
      // The site's main links, in the page's language.
      const zh = target.startsWith('/zh');
      expect(view!.links, target).toEqual(
        expect.arrayContaining(
          zh ? ['/zh', '/zh/content-summary', '/zh/blog'] : ['/', '/content-summary', '/blog'],
        ),
      );
    }
    // A summary links to where the app opens it.
    const list = viewOf((await get('/content-summary')).body)!;
    expect(list.links.some((href) => /^\/content-summary\?summary=[0-9a-f-]{36}$/.test(href))).toBe(true);
  });

  it('the pricing page lists each plan with its price and features, in the web app’s words', async () => {
    for (const language of ['en', 'zh'] as const) {
      // The web app's compiled catalog: each message id's text as a list of parts (these have no placeholder).
      const { messages } = JSON.parse(
        readFileSync(
          new URL(`../../../web/src/features/billing/locales/${language}.json`, import.meta.url),
          'utf8',
        ),
      ) as { messages: Record<string, string[]> };
      const text = (key: string) => {
        const parts = messages[`billing.pricing.${key}`];
        if (!parts?.every((part) => typeof part === 'string'))
          throw new Error(`no plain billing.pricing.${key}`);
        return parts.join('');
      };
      const view = viewOf((await get(language === 'zh' ? '/zh/pricing' : '/pricing')).body)!;
      const plans = view.h2;
      expect(plans, language).toEqual([
        `${text('free.name')}: $0.00`,
        `${text('monthly.name')}: $4.99 ${text('perMonth')}`,
        `${text('annual.name')}: $49.99 ${text('perYear')}`,
      ]);
      const features = Object.keys(messages)
        .filter((id) => /^billing\.pricing\.(free\.features|proFeatures)\./.test(id))
        .map((id) => text(id.slice('billing.pricing.'.length)));
      expect(features.length, language).toBe(8);
      for (const words of [
        ...features,
        text('free.description'),
        text('monthly.description'),
        text('annual.description'),
        text('annualSavings'),
      ])
        expect(view.text, `${language}: ${words}`).toContain(words);
      // The struck-through list prices.
      expect(view.text, language).toContain('$9.99');
      expect(view.text, language).toContain('$99.99');
    }
  });

  it('stored markup stays text, and a post’s body is its sanitised HTML', async () => {
    for (const target of ['/blog', '/blog/both-languages', '/content-summary']) {
      const answer = await get(target);
      const view = viewOf(answer.body)!;
      expect(view.scripts, target).toBe(0);
      expect(answer.body, target).not.toContain('<script>alert(1)');
      expect(answer.body, target).not.toContain('<img src=x');
    }
    expect(viewOf((await get('/blog/both-languages')).body)!.h1).toEqual([HOSTILE_TITLE]);
  });

  it('the account, admin and token-link screens have none: the app draws them', async () => {
    for (const target of ['/profile', '/zh/admin', '/unsubscribe?token=x', '/auth'])
      expect(viewOf((await get(target)).body), target).toBeNull();
  });

  it('a view that cannot be built is left out (logged); the page still answers', async () => {
    const prisma = gateway.db.prisma;
    await prisma.$executeRawUnsafe('ALTER TABLE datasources RENAME TO datasources_away');
    try {
      // The peer has built no view yet (views are kept a minute).
      const answer = await httpRequest(pagedPort, '/zh/other-youtube-sources');
      expect(answer.status).toBe(200);
      expect(viewOf(answer.body)).toBeNull();
      expect(headOf(answer.body).title).toBe('YouTube 频道 · 每日精选');
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE datasources_away RENAME TO datasources');
    }
  });
});

describe('bad input never reaches a page’s document as markup', () => {
  it('a build whose preload list is malformed: pages are served without preloads, none from the list', async () => {
    const badDir = await mkdtemp(path.join(tmpdir(), 'gw-pages-bad-'));
    await writeFile(path.join(badDir, 'index.html'), INDEX_HTML);
    await writeFile(
      path.join(badDir, 'page-preloads.json'),
      JSON.stringify({ contentSummary: ['"><script>alert(1)</script>', 'https://elsewhere.example/x.js'] }),
    );
    const peer = await startPeer(gateway, { WEB_DIST_DIR: badDir });
    try {
      const answer = await peer.inject({ method: 'GET', url: '/content-summary' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('modulepreload" href="/assets/content');
      expect(answer.body).not.toMatch(/elsewhere\.example|<script>alert/);
    } finally {
      await peer.close();
      await rm(badDir, { recursive: true, force: true });
    }
  });

  it('queries and slugs carrying markup: the page answers, nothing of them is echoed as a tag', async () => {
    for (const [target, status] of [
      ['/content-summary?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&source=%3Cimg%20src%3Dx%3E', 200],
      ['/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404],
      [`/zh/topics/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`, 404],
      [`/youtube/${encodeURIComponent('</title><script>alert(1)</script>')}`, 404],
      [`/blog/${'x'.repeat(300)}`, 404],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, target).toBe(status);
      expect(answer.body, target).not.toMatch(/<script>alert|<img src=x/i);
      const head = headOf(answer.body);
      // Only the build's module scripts (the summaries page's first paint too); the canonical URL (when
      // there is one) carries no query.
      expect(head.scripts, target).toBe(target.startsWith('/content-summary') ? 2 : 1);
      for (const url of head.canonical) expect(url, target).not.toContain('?');
      expect(viewOf(answer.body), target).not.toBeNull();
    }
  });
});

describe('social cards: the picture a link preview shows', () => {
  /** The card a page's head names, fetched from this gateway (its URL is on PUBLIC_URL). */
  const cardOf = async (pagePath: string, headers?: Record<string, string>) => {
    const image = new URL(headOf((await get(pagePath)).body).meta('og:image')[0]!);
    return { url: image, answer: await get(`${image.pathname}${image.search}`, headers) };
  };

  it('every public page has a 1200×630 PNG card, cached by its version', async () => {
    const seen = new Set<string>();
    for (const pagePath of [
      '/',
      '/zh',
      '/content-summary',
      '/zh/daily-podcast',
      '/pricing',
      '/blog',
      '/blog/both-languages',
      '/zh/blog/both-languages',
      '/topics/engineering',
      `/zh/topics/${ids.other}`,
      '/youtube/Some%20Channel',
      '/zh/youtube/%E4%B8%AD%E6%96%87%E9%A2%91%E9%81%93',
    ]) {
      const { url, answer } = await cardOf(pagePath);
      expect(answer.status, pagePath).toBe(200);
      expect(answer.headers['content-type'], pagePath).toBe('image/png');
      expect(answer.headers['cache-control'], pagePath).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.etag, pagePath).toBe(`"${url.searchParams.get('v')}-png"`);
      // Decoded by a PNG library: the size link previews ask for, and a picture, not a blank.
      const png = PNG.sync.read(answer.raw);
      expect([png.width, png.height], pagePath).toEqual([1200, 630]);
      const colours = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
      expect(colours.size, pagePath).toBeGreaterThan(50);
      // Each page its own card.
      const digest = createHash('sha256').update(answer.raw).digest('hex');
      expect(seen.has(digest), pagePath).toBe(false);
      seen.add(digest);
    }
  });

  it('keeps drawn cards in CACHE_DIR: a later process serves them from there, a damaged one is drawn again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'social-cards-'));
    const peers: Gateway['app'][] = [];
    const nextProcess = async () => {
      const peer = await startPeer(gateway, { CACHE_DIR: dir });
      peers.push(peer);
      return peer;
    };
    try {
      const first = await nextProcess();
      const page = await first.inject({ method: 'GET', url: '/blog/both-languages' });
      const image = new URL(headOf(page.body).meta('og:image')[0]!);
      const target = `${image.pathname}${image.search}`;
      const drawn = await first.inject({ method: 'GET', url: target });
      expect(drawn.statusCode).toBe(200);
      const file = path.join(dir, 'social-cards', `${image.searchParams.get('v')}.png`);
      expect((await readFile(file)).equals(drawn.rawPayload)).toBe(true);
      // Another process serves the file as it is: a stand-in picture shows it was not drawn again.
      const standIn = PNG.sync.write(new PNG({ width: 2, height: 2 }));
      await writeFile(file, standIn);
      const second = await nextProcess();
      expect((await second.inject({ method: 'GET', url: target })).rawPayload.equals(standIn)).toBe(true);
      // A file cut short is not served: the card is drawn again and the file replaced.
      await writeFile(file, standIn.subarray(0, 20));
      const third = await nextProcess();
      const redrawn = await third.inject({ method: 'GET', url: target });
      expect(PNG.sync.read(redrawn.rawPayload).width).toBe(1200);
      expect((await readFile(file)).equals(redrawn.rawPayload)).toBe(true);
    } finally {
      for (const peer of peers) await peer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('draws the card as WebP for a page that shows it: the same picture in a fraction of the bytes', async () => {
    const { url, answer: png } = await cardOf('/blog/both-languages');
    const webp = await get(`${url.pathname}${url.search}&format=webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers.etag).toBe(`"${url.searchParams.get('v')}-webp"`);
    // Read by libvips: a WebP of the card's size, and the same picture as the PNG.
    const meta = await sharp(webp.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 630]);
    const [a, b] = await Promise.all(
      [png.raw, webp.raw].map((image) => sharp(image).resize(60, 32).removeAlpha().raw().toBuffer()),
    );
    let difference = 0;
    for (let i = 0; i < a!.length; i++) difference += Math.abs(a![i]! - b![i]!);
    expect(difference / a!.length).toBeLessThan(4);
    expect(webp.raw.length).toBeLessThan(png.raw.length / 3);
    const again = await get(`${url.pathname}${url.search}&format=webp`, {
      'if-none-match': webp.headers.etag as string,
    });
    expect(again.status).toBe(304);
    for (const format of ['gif', 'PNG', 'webp,png']) {
      const answer = await get(`${url.pathname}${url.search}&format=${encodeURIComponent(format)}`);
      expect(answer.status, format).toBe(400);
    }
  });

  it('answers 304 to a current copy, and a day’s cache to an address without the current version', async () => {
    const { url, answer } = await cardOf('/zh/topics/engineering');
    const again = await get(`${url.pathname}${url.search}`, {
      'if-none-match': answer.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    const page = url.searchParams.get('page')!;
    const stale = await get(`/api/social-cards/card.png?page=${encodeURIComponent(page)}&v=old`);
    expect(stale.status).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=86400');
    expect(stale.raw.equals(answer.raw)).toBe(true);
  });

  it('only a public page has one: missing, removed, private and foreign addresses are 404, bad queries 400', async () => {
    const card = (page: string) => get(`/api/social-cards/card.png?page=${page}`);
    for (const page of [
      '/blog/no-such-post',
      '/blog/taken-down',
      '/blog/scheduled',
      `/topics/${ids.paused}`,
      '/topics/not-a-topic',
      '/profile',
      '/admin',
      '/zh/auth/reset',
      '/youtube/Paused%20Channel',
      // Another site's address, doubled and dot segments, an encoded separator: never a page here.
      'https://evil.example/blog/both-languages',
      '//evil.example/blog/both-languages',
      '/blog//both-languages',
      '/blog/../admin',
      '/blog/%2E%2E/admin',
      '/zh/zh/pricing',
      'blog/both-languages',
    ]) {
      const answer = await card(encodeURIComponent(page));
      expect(answer.status, page).toBe(404);
      expect(JSON.parse(answer.body), page).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    // Static segments match whatever their case, as the web router's do: the same page, its card.
    expect((await card(encodeURIComponent('/BLOG/both-languages'))).status).toBe(200);
    for (const query of ['', 'page=', `page=${'/a'.repeat(600)}`, 'page=/&v=not%20a%20version']) {
      const answer = await get(`/api/social-cards/card.png?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.body), query).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
