import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Parser from 'rss-parser';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, PUBLIC_URL, signedInUser, startGateway } from './support/gateway-harness.ts';

// The feeds as the W3C feed validator reads them. Its rules are asserted one by one on the XML read by a
// namespace-aware parser (saxes): every Atom entry has an author, the Atom feed its xml:lang, every RSS
// item a description before content:encoded, dates come from the content (an empty feed is dated by its
// creation, never 1970). JSON Feed 1.1 against its schema (ajv), with language and authors. Conditional
// GETs through Node's fetch against a listening gateway, with the Cache-Control a browser adds.

const ATOM = 'http://www.w3.org/2005/Atom';
const XML = 'http://www.w3.org/XML/1998/namespace';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
const DC = 'http://purl.org/dc/elements/1.1/';

const schema = JSON.parse(
  readFileSync(new URL('./fixtures/jsonfeed-1.1.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
(addFormats as unknown as (ajv: Ajv) => void)(ajv);
const validateJsonFeed = ajv.compile(schema);
const rssParser = new Parser();

type Node = { uri: string; local: string; attrs: Record<string, string>; children: Node[]; text: string };

/** The document as a tree of namespaced elements (saxes throws on anything not well-formed). */
function xmlTree(xml: string): Node {
  const sax = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  sax.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) attrs[`{${attr.uri}}${attr.local}`] = attr.value;
    const node: Node = { uri: tag.uri, local: tag.local, attrs, children: [], text: '' };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  const addText = (text: string) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  };
  sax.on('text', addText);
  sax.on('cdata', addText);
  sax.on('closetag', () => stack.pop());
  sax.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}
const kids = (node: Node, uri: string, local: string) =>
  node.children.filter((child) => child.uri === uri && child.local === local);
const attr = (node: Node, name: string, uri = '') => node.attrs[`{${uri}}${name}`];

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** A feed date the validator accepts and a reader can use: well formed, and not the epoch. */
function dateProblem(where: string, value: string | undefined, format: RegExp): string[] {
  if (!value) return [`${where}: missing`];
  if (!format.test(value)) return [`${where}: malformed date ${value}`];
  return new Date(value).getUTCFullYear() < 2000 ? [`${where}: dated ${value}`] : [];
}

/** The W3C feed validator's errors and warnings for an Atom 1.0 document (RFC 4287), as a list. */
function atomProblems(xml: string, language: string): string[] {
  const feed = xmlTree(xml);
  const problems: string[] = [];
  if (feed.uri !== ATOM || feed.local !== 'feed') return ['root is not atom:feed'];
  if (attr(feed, 'lang', XML) !== language) problems.push(`feed xml:lang is ${attr(feed, 'lang', XML)}`);
  for (const name of ['id', 'title', 'updated'])
    if (kids(feed, ATOM, name).length !== 1) problems.push(`feed: needs one ${name}`);
  problems.push(...dateProblem('feed updated', kids(feed, ATOM, 'updated')[0]?.text, RFC3339));
  if (!kids(feed, ATOM, 'link').some((link) => attr(link, 'rel') === 'self'))
    problems.push('feed: missing link rel=self');
  const feedAuthor = kids(feed, ATOM, 'author').some((a) => kids(a, ATOM, 'name')[0]?.text.trim());
  kids(feed, ATOM, 'entry').forEach((entry, i) => {
    for (const name of ['id', 'title', 'updated'])
      if (kids(entry, ATOM, name).length !== 1) problems.push(`entry ${i}: needs one ${name}`);
    problems.push(...dateProblem(`entry ${i} updated`, kids(entry, ATOM, 'updated')[0]?.text, RFC3339));
    const authors = kids(entry, ATOM, 'author');
    if (authors.some((a) => !kids(a, ATOM, 'name')[0]?.text.trim()))
      problems.push(`entry ${i}: author without a name`);
    if (authors.length === 0 && !feedAuthor) problems.push(`entry ${i}: Missing entry element: author`);
    const content = kids(entry, ATOM, 'content')[0];
    if (!content && !kids(entry, ATOM, 'link').length) problems.push(`entry ${i}: neither content nor link`);
    if (content && !kids(entry, ATOM, 'summary').length) problems.push(`entry ${i}: content without summary`);
  });
  return problems;
}

/** The W3C feed validator's errors and warnings for an RSS 2.0 document, as a list. */
function rssProblems(xml: string, language: string): string[] {
  const rss = xmlTree(xml);
  const problems: string[] = [];
  const channel = kids(rss, '', 'channel')[0];
  if (rss.local !== 'rss' || attr(rss, 'version') !== '2.0' || !channel) return ['not RSS 2.0'];
  for (const name of ['title', 'link', 'description'])
    if (kids(channel, '', name).length !== 1) problems.push(`channel: needs one ${name}`);
  const channelLanguage = kids(channel, '', 'language')[0]?.text;
  if (channelLanguage?.toLowerCase() !== language.toLowerCase())
    problems.push(`channel language is ${channelLanguage}`);
  problems.push(...dateProblem('lastBuildDate', kids(channel, '', 'lastBuildDate')[0]?.text, RFC822));
  if (!kids(channel, ATOM, 'link').some((link) => attr(link, 'rel') === 'self'))
    problems.push('channel: missing atom:link rel=self');
  kids(channel, '', 'item').forEach((item, i) => {
    const order = item.children.map((child) => `{${child.uri}}${child.local}`);
    const description = order.indexOf('{}description');
    const content = order.indexOf(`{${CONTENT}}encoded`);
    if (!kids(item, '', 'title').length && description < 0)
      problems.push(`item ${i}: no title or description`);
    if (content >= 0 && (description < 0 || description > content))
      problems.push(`item ${i}: Missing description before content:encoded`);
    if (description >= 0 && !kids(item, '', 'description')[0]?.text.trim())
      problems.push(`item ${i}: empty description`);
    if (!kids(item, '', 'guid').length) problems.push(`item ${i}: no guid`);
    problems.push(...dateProblem(`item ${i} pubDate`, kids(item, '', 'pubDate')[0]?.text, RFC822));
    // RSS's own author element is an email address; names go in dc:creator.
    for (const author of kids(item, '', 'author'))
      if (!/\S+@\S+/.test(author.text)) problems.push(`item ${i}: author is not an email`);
  });
  return problems;
}

/** The markup of `html` that could run anything: dangerous tags, handler attributes, script URLs. */
const dangerousMarkup = (html: string) =>
  (html.match(/<[a-z][^>]*>/gi) ?? []).filter((tag) =>
    /^<(script|img|iframe|svg)\b|\son\w+\s*=|javascript:/i.test(tag),
  );

const LANGUAGES = { en: 'en', zh: 'zh-CN' } as const;

let gateway: Gateway;
let webDir: string;
let base = '';
let proAccess = '';
let emptyAccess = '';
const get = (url: string, headers: Record<string, string> = {}) =>
  gateway.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, ''), headers });

beforeAll(async () => {
  // A web build, so that a path no route matches would get the web app's page.
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-feed-validity-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root">web app</div>');
  gateway = await startGateway({ WEB_DIST_DIR: webDir });
  const prisma = gateway.db.prisma;
  const topic = await prisma.topic.create({
    data: { slug: 'valid-topic', name: 'Valid Topic', nameZh: '有效主题', description: 'About validity' },
  });
  await prisma.topic.create({ data: { slug: 'quiet-topic', name: 'Quiet Topic', nameZh: '安静主题' } });
  const source = (sourceName: string) =>
    prisma.datasource.create({
      data: {
        topicId: topic.id,
        platform: 'blog',
        sourceName,
        sourceUrl: `https://${Math.random()}.example/feed`,
      },
    });
  const wire = await source('Wire <b>&</b> Co');
  const daily = await source('机器之心');
  const now = Date.now();
  const summary = (language: 'EN' | 'ZH', i: number, datasourceId: string | null, content: string) => ({
    headline: `${language} story ${i}`,
    content,
    summaryType: 'blog_post' as const,
    language,
    topicId: topic.id,
    datasourceId,
    sourceUrls: datasourceId ? [`https://news.example/${language}/${i}`] : [],
    createdAt: new Date(now - (i + 1) * 60_000),
  });
  await prisma.summary.createMany({
    data: [
      summary(
        'EN',
        0,
        wire.id,
        `First paragraph with **bold** & <script>x</script>.\n\n${'Long text. '.repeat(60)}`,
      ),
      summary('EN', 1, daily.id, 'A second one.'),
      // No source: the entry has no author of its own, the feed's covers it.
      summary('EN', 2, null, 'Sourceless.'),
      summary('ZH', 0, daily.id, '第一段，**加粗**。\n\n第二段。'),
      summary('ZH', 1, null, '没有来源。'),
    ],
  });
  const pro = await signedInUser(gateway, { plan: 'pro' }, 'valid-pro');
  proAccess = pro.accessToken;
  const starred = await prisma.summary.findFirstOrThrow({ where: { headline: 'EN story 1' } });
  const starredZh = await prisma.summary.findFirstOrThrow({ where: { headline: 'ZH story 0' } });
  await prisma.userFavoriteSummary.createMany({
    data: [
      { userId: pro.id, summaryId: starred.id },
      { userId: pro.id, summaryId: starredZh.id },
    ],
  });
  emptyAccess = (await signedInUser(gateway, { plan: 'pro' }, 'valid-empty')).accessToken;
  // The site's feeds: an inactive topic's stories stay out; the blog's posts, one with pictures.
  const hidden = await prisma.topic.create({
    data: { slug: 'hidden-topic', name: 'Hidden', isActive: false },
  });
  await prisma.summary.create({ data: { ...summary('EN', 3, null, 'Hidden.'), topicId: hidden.id } });
  const post = (
    slug: string,
    language: 'EN' | 'ZH',
    status: 'published' | 'draft',
    at: Date,
    content: string,
  ) =>
    prisma.blogPost.create({
      data: {
        slug,
        language,
        status,
        publishedAt: at,
        title: `Post ${slug}`,
        excerpt: language === 'EN' ? `The excerpt of ${slug}.` : '',
        content,
        authorName: 'Ada <Editor>',
      },
    });
  await post(
    'pictures',
    'EN',
    'published',
    new Date(now - 3 * 86_400_000),
    '<h2 id="a">Pictures</h2><p>See <img src="https://img.example/a.png" alt="A"> and <img src="data:image/png;base64,AAAA" alt="B"><script>x()</script></p>',
  );
  await post('draft', 'EN', 'draft', new Date(now - 3_600_000), '<p>Not yet.</p>');
  await post('later', 'EN', 'published', new Date(now + 86_400_000), '<p>Tomorrow.</p>');
  await post('zhong', 'ZH', 'published', new Date(now - 3 * 86_400_000), '<p>中文的文章。</p>');
  // Both went out three days ago and were changed a day later.
  await prisma.blogPost.updateMany({
    where: { slug: { in: ['pictures', 'zhong'] } },
    data: { updatedAt: new Date(now - 2 * 86_400_000) },
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway?.close();
  await rm(webDir, { recursive: true, force: true });
});

const favouriteUrls = async (access: string) => {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/me/feed-token',
    headers: bearer(access),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { created_at: string; urls: Record<'rss' | 'atom' | 'json', string> };
};

describe.each(['en', 'zh'] as const)('the topic feed in %s', (lang) => {
  const url = (format: string) => `/feeds/topics/valid-topic.${format}?lang=${lang}`;
  const names = lang === 'en' ? ['Wire <b>&</b> Co', '机器之心'] : ['机器之心'];

  it('Atom: xml:lang, an author for every entry (its sources, else the feed), a summary beside the content', async () => {
    const response = await get(url('atom'));
    expect(response.statusCode).toBe(200);
    expect(atomProblems(response.body, LANGUAGES[lang])).toEqual([]);
    const feed = xmlTree(response.body);
    expect(kids(kids(feed, ATOM, 'author')[0] as Node, ATOM, 'name')[0]?.text).toBe(
      lang === 'en' ? 'Daily Curated' : '每日精选',
    );
    const entries = kids(feed, ATOM, 'entry');
    const authorNames = entries.flatMap((entry) =>
      kids(entry, ATOM, 'author').map((author) => kids(author, ATOM, 'name')[0]?.text),
    );
    expect(authorNames).toEqual(names);
    // A feed parser (rss-parser) reads it too.
    expect((await rssParser.parseString(response.body)).items).toHaveLength(entries.length);
  });

  it('RSS: channel language, a plain-text description before content:encoded, sources as dc:creator', async () => {
    const response = await get(url('rss'));
    expect(response.statusCode).toBe(200);
    expect(rssProblems(response.body, LANGUAGES[lang])).toEqual([]);
    const items = kids(kids(xmlTree(response.body), '', 'channel')[0] as Node, '', 'item');
    expect(items.flatMap((item) => kids(item, DC, 'creator').map((creator) => creator.text))).toEqual(names);
    const first = items[0] as Node;
    const description = kids(first, '', 'description')[0]?.text ?? '';
    // Read as HTML (as readers do), the excerpt is text: no markup, the words of the summary.
    expect(dangerousMarkup(description)).toEqual([]);
    expect(description).not.toMatch(/<(p|strong|ul|a)\b/);
    if (lang === 'en') {
      expect(description).toMatch(/^First paragraph with bold &amp; \.? ?Long text\./);
      expect(description.length).toBeLessThan(400);
      expect(description.endsWith('…')).toBe(true);
    } else {
      expect(description).toBe('第一段，加粗。 第二段。');
    }
    const parsed = await rssParser.parseString(response.body);
    expect(parsed.items[0]?.contentSnippet).toBeTruthy();
    expect(parsed.items[0]?.['content:encoded']).toContain('<strong>');
  });

  it('JSON Feed 1.1: passes the schema, with language, the feed author and each item its sources and summary', async () => {
    const response = await get(url('json'));
    const feed = response.json();
    expect(validateJsonFeed(feed), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    expect(feed.language).toBe(LANGUAGES[lang]);
    expect(feed.authors).toEqual([{ name: lang === 'en' ? 'Daily Curated' : '每日精选' }]);
    const items = feed.items as { authors?: { name: string }[]; summary: string; title: string }[];
    expect(items.flatMap((item) => (item.authors ?? []).map((a) => a.name))).toEqual(names);
    for (const item of items) expect(item.summary.trim(), item.title).not.toBe('');
    expect(items[0]?.summary).not.toContain('<strong>');
  });
});

describe.each(['en', 'zh'] as const)('the site’s feeds in %s', (lang) => {
  it('every active topic’s stories: valid in the three formats, nothing from an inactive topic', async () => {
    const atom = await get(`/feeds/summaries.atom?lang=${lang}`);
    expect(atom.statusCode).toBe(200);
    expect(atomProblems(atom.body, LANGUAGES[lang])).toEqual([]);
    const titles = kids(xmlTree(atom.body), ATOM, 'entry').map(
      (entry) => kids(entry, ATOM, 'title')[0]?.text,
    );
    expect(titles).toEqual(
      lang === 'en' ? ['EN story 0', 'EN story 1', 'EN story 2'] : ['ZH story 0', 'ZH story 1'],
    );
    expect(rssProblems((await get(`/feeds/summaries.rss?lang=${lang}`)).body, LANGUAGES[lang])).toEqual([]);
    const json = (await get(`/feeds/summaries.json?lang=${lang}`)).json();
    expect(validateJsonFeed(json), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    expect(json.title).toBe(lang === 'en' ? 'Daily Curated: every topic' : '每日精选：全部主题');
    expect(json.home_page_url).toBe(`${PUBLIC_URL}${lang === 'en' ? '' : '/zh'}/content-summary`);
  });

  it('the blog: published posts of the language, each its own page and author, pictures from http(s) only', async () => {
    const atom = await get(`/feeds/blog.atom?lang=${lang}`);
    expect(atom.statusCode).toBe(200);
    expect(atomProblems(atom.body, LANGUAGES[lang])).toEqual([]);
    const rss = await get(`/feeds/blog.rss?lang=${lang}`);
    expect(rssProblems(rss.body, LANGUAGES[lang])).toEqual([]);
    const items = kids(kids(xmlTree(rss.body), '', 'channel')[0] as Node, '', 'item');
    const slug = lang === 'en' ? 'pictures' : 'zhong';
    expect(items.map((item) => kids(item, '', 'title')[0]?.text)).toEqual([`Post ${slug}`]);
    const first = items[0] as Node;
    expect(kids(first, '', 'link')[0]?.text).toBe(`${PUBLIC_URL}${lang === 'en' ? '' : '/zh'}/blog/${slug}`);
    expect(kids(first, DC, 'creator').map((creator) => creator.text)).toEqual(['Ada <Editor>']);
    // A feed parser (rss-parser) finds the same post at the same address.
    expect((await rssParser.parseString(rss.body)).items.map((parsed) => parsed.link)).toEqual([
      `${PUBLIC_URL}${lang === 'en' ? '' : '/zh'}/blog/${slug}`,
    ]);
    // Dated by the post's own change: not by the day the feed is read.
    const { updatedAt } = await gateway.db.prisma.blogPost.findUniqueOrThrow({
      where: { slug_language: { slug, language: lang === 'en' ? 'EN' : 'ZH' } },
    });
    expect(new Date(rss.headers['last-modified'] as string).getTime()).toBe(
      Math.floor(updatedAt.getTime() / 1000) * 1000,
    );
    const json = (await get(`/feeds/blog.json?lang=${lang}`)).json();
    expect(validateJsonFeed(json), JSON.stringify(validateJsonFeed.errors)).toBe(true);
    const item = json.items[0] as { content_html: string; summary: string; external_url?: string };
    expect(item.external_url).toBeUndefined();
    if (lang === 'en') {
      // The post's own excerpt; its body without the script, the data: picture or the id.
      expect(item.summary).toBe('The excerpt of pictures.');
      expect(item.content_html).toContain('<img src="https://img.example/a.png" alt="A" />');
      expect(item.content_html).not.toMatch(/data:|script|id="a"|Sources/);
    } else {
      // No excerpt written: cut from the body.
      expect(item.summary).toBe('中文的文章。');
    }
  });
});

describe('an empty feed', () => {
  it('a favourites feed with nothing starred is dated by its token, never 1970', async () => {
    const { urls, created_at } = await favouriteUrls(emptyAccess);
    const created = new Date(Math.floor(Date.parse(created_at) / 1000) * 1000);
    for (const lang of ['en', 'zh'] as const) {
      const rss = await get(`${urls.rss}?lang=${lang}`);
      expect(rss.statusCode).toBe(200);
      expect(rss.headers['last-modified']).toBe(created.toUTCString());
      expect(rssProblems(rss.body, LANGUAGES[lang])).toEqual([]);
      const channel = kids(xmlTree(rss.body), '', 'channel')[0] as Node;
      expect(kids(channel, '', 'lastBuildDate')[0]?.text).toBe(created.toUTCString());
      expect(kids(channel, '', 'item')).toEqual([]);

      const atom = await get(`${urls.atom}?lang=${lang}`);
      expect(atom.headers['last-modified']).toBe(created.toUTCString());
      expect(atomProblems(atom.body, LANGUAGES[lang])).toEqual([]);
      expect(kids(xmlTree(atom.body), ATOM, 'updated')[0]?.text).toBe(created.toISOString());

      const json = await get(`${urls.json}?lang=${lang}`);
      expect(json.headers['last-modified']).toBe(created.toUTCString());
      expect(validateJsonFeed(json.json())).toBe(true);
    }
  });

  it('a topic with nothing to show yet is valid and dated by the topic', async () => {
    const topic = await gateway.db.prisma.topic.findUniqueOrThrow({ where: { slug: 'quiet-topic' } });
    const response = await get('/feeds/topics/quiet-topic.atom?lang=zh');
    expect(atomProblems(response.body, 'zh-CN')).toEqual([]);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBe(
      Math.floor(topic.updatedAt.getTime() / 1000) * 1000,
    );
  });
});

describe('the favourites feed', () => {
  it('passes the same rules in both languages', async () => {
    const { urls } = await favouriteUrls(proAccess);
    for (const lang of ['en', 'zh'] as const) {
      const atom = await get(`${urls.atom}?lang=${lang}`);
      expect(atomProblems(atom.body, LANGUAGES[lang])).toEqual([]);
      expect(kids(xmlTree(atom.body), ATOM, 'entry')).toHaveLength(1);
      expect(rssProblems((await get(`${urls.rss}?lang=${lang}`)).body, LANGUAGES[lang])).toEqual([]);
      const json = (await get(`${urls.json}?lang=${lang}`)).json();
      expect(validateJsonFeed(json)).toBe(true);
      expect(json.items[0].authors).toEqual([{ name: '机器之心' }]);
    }
  });
});

describe('conditional GET from a browser', () => {
  /** What a browser's fetch() sends when the page revalidates: the validator and `no-cache`. */
  async function revalidates(url: string) {
    const first = await fetch(`${base}${url}`);
    expect(first.status, url).toBe(200);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag, 'cache-control': 'no-cache' },
      { 'if-none-match': etag, 'cache-control': 'max-age=0', pragma: 'no-cache' },
      ...(lastModified ? [{ 'if-modified-since': lastModified, 'cache-control': 'no-cache' }] : []),
    ];
    for (const headers of conditions) {
      const again = await fetch(`${base}${url}`, { headers });
      expect(again.status, `${url} ${JSON.stringify(headers)}`).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
    // A changed copy still gets the feed.
    const stale = await fetch(`${base}${url}`, {
      headers: { 'if-none-match': '"old"', 'cache-control': 'no-cache' },
    });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  }

  it('answers 304 whatever Cache-Control comes with the precondition: topic and favourites feeds', async () => {
    for (const lang of ['en', 'zh']) {
      for (const format of ['rss', 'atom', 'json'])
        await revalidates(`/feeds/topics/valid-topic.${format}?lang=${lang}`);
    }
    await revalidates('/feeds/summaries.rss?lang=zh');
    await revalidates('/feeds/blog.atom?lang=en');
    const { urls } = await favouriteUrls(proAccess);
    await revalidates(`${urls.json.replace(PUBLIC_URL, '')}?lang=zh`);
  });

  it('and for the podcast feed and its artwork', async () => {
    const made = await gateway.app.inject({
      method: 'POST',
      url: '/api/podcasts/feed-token',
      headers: bearer(emptyAccess),
    });
    const feedUrl = (made.json() as { feed_url: string }).feed_url.replace(PUBLIC_URL, '');
    // Without episodes yet, still valid and dated by the token, in both languages.
    for (const lang of ['en', 'zh'] as const) {
      const podcast = await get(`${feedUrl}?lang=${lang}`);
      expect(rssProblems(podcast.body, LANGUAGES[lang])).toEqual([]);
    }
    await revalidates(`${feedUrl}?lang=zh`);
    await revalidates('/api/podcasts/artwork.png');
  });
});

describe('unknown feed paths', () => {
  it('answer the JSON 404, not the web app', async () => {
    // The web build is there: a page path gets it.
    const page = await fetch(`${base}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('web app');
    for (const url of [
      '/feeds/podcasts.rss',
      '/feeds/blog.html',
      '/feeds/summaries',
      '/feeds/topics',
      '/feeds/topics/valid-topic/extra.rss',
      '/feeds/zh/x.atom',
    ]) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code, url).toBe('NOT_FOUND');
    }
  });
});
