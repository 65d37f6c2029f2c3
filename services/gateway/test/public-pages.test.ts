import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { type Gateway, PUBLIC_URL, startGateway, startPeer } from './support/gateway-harness.ts';
import { httpRequest } from './support/http-get.ts';

// What a search engine sees of the web app, over a real socket: robots.txt, the sitemaps (valid by the
// sitemaps.org schemas, every URL in them a page that answers 200), and the status of each page's
// document: 404 where the app shows its 404 screen, 410 for a blog post taken down.

const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const HOME_HTML = INDEX_HTML.replace('</body>', '<script src="/assets/first-paint.js"></script></body>');

const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'sitemaps');
const schemaFile = async (name: string) => ({
  fileName: name,
  contents: await readFile(path.join(fixtures, name), 'utf8'),
});

let gateway: Gateway;
let paged: Gateway['app'];
let webDir: string;
let port = 0;
let pagedPort = 0;
const ids = { engineering: '', other: '', paused: '' };
const updated = { bothEn: new Date(0), engineering: new Date(0) };

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-pages-'));
  for (const [name, body] of [
    ['index.html', INDEX_HTML],
    ['home.html', HOME_HTML],
  ] as const) {
    await writeFile(path.join(webDir, name), body);
    await writeFile(path.join(webDir, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(webDir, `${name}.gz`), gzipSync(body));
  }
  // A build's own robots.txt never replaces the gateway's.
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  const prisma = gateway.db.prisma;

  const engineering = await prisma.topic.create({
    data: { slug: 'engineering', name: 'Engineering', nameZh: '工程' },
  });
  ids.engineering = engineering.id;
  updated.engineering = engineering.updatedAt;
  ids.other = (await prisma.topic.create({ data: { slug: 'gardening', name: 'Gardening' } })).id;
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
  ) =>
    prisma.blogPost.create({
      data: { slug, language, status, publishedAt, title: slug, content: `<p>${slug}</p>` },
    });
  updated.bothEn = (
    await post('both-languages', 'EN', 'published', new Date(Date.now() - 2 * day))
  ).updatedAt;
  await post('both-languages', 'ZH', 'published', new Date(Date.now() - 2 * day));
  await post('english-only', 'EN', 'published', new Date(Date.now() - day));
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
    expect(answer.body, target).toBe(document);
  };

  it('a page of the app is a 200, the home page with its first-paint document', async () => {
    for (const target of ['/', '/zh', '/zh/']) await expectDocument(target, 200, HOME_HTML);
    for (const target of [
      '/pricing',
      '/zh/pricing',
      '/pricing/',
      '/blog',
      '/content-summary?date=2026-01-01',
      '/admin',
      '/zh/admin',
      '/profile',
      '/auth?redirect=%2Fprofile',
      '/unsubscribe?token=x',
      '/blog/both-languages',
      '/zh/blog/both-languages',
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
      expect(answer.body, target).toBe(INDEX_HTML);
    }
  });
});
