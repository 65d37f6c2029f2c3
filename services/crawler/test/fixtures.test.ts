import { readdirSync } from 'node:fs';
import { createLogger } from '@app/logger';
import { fixturesDir, type FeedServer, startFeedServer } from '@app/testing';
import { isPrivateAddress } from '@app/url-guard';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlError } from '../src/errors.ts';
import { decodeBody } from '../src/fetch/charset.ts';
import { createFetcher, type Fetcher } from '../src/fetch/http-fetcher.ts';
import { canonicalUrl } from '../src/parse/canonical-url.ts';
import { parseFeed } from '../src/parse/feed-parser.ts';
import { htmlToText, sanitizeContent } from '../src/parse/html.ts';
import { createSanitizer } from '../src/parse/sanitizer.ts';
import { crawlReddit } from '../src/platforms/reddit.ts';
import type { CrawlerSettings } from '../src/platforms/types.ts';

let server: FeedServer;
let fetcher: Fetcher;

beforeAll(async () => {
  server = await startFeedServer({ dir: fixturesDir() });
  fetcher = createFetcher({ allowPrivateHosts: true, defaultTimeoutMs: 5000 });
});
afterAll(async () => {
  await fetcher?.close();
  await server?.close();
});

async function fetchAndParse(name: string) {
  const result = await fetcher.fetch(`${server.url}/${name}`);
  if (result.notModified) throw new Error('unexpected 304');
  return parseFeed(decodeBody(result.body, result.contentType));
}

const FIXTURES = readdirSync(fixturesDir()).filter((f) => !f.endsWith('.md'));

describe('every fixture feed is parsed or rejected with a classified error, never a crash', () => {
  const settings = {
    timeoutMs: 5000,
    maxBytes: 10 * 1024 * 1024,
    redditBase: 'https://www.reddit.com',
  } as CrawlerSettings;
  it.each(FIXTURES)('%s', async (name) => {
    if (name === 'reddit-subreddit-listing.json') {
      const result = await crawlReddit({
        datasource: { sourceUrl: `${server.url}/${name}`, etag: null, lastModified: null } as never,
        config: { subreddit: 'GalaxyS8' },
        fetcher,
        settings,
        log: createLogger('test', { level: 'silent' }),
        now: new Date(),
      });
      expect(result.notModified).toBe(false);
      if (!result.notModified) {
        expect(result.posts.length).toBeGreaterThan(0);
        expect(result.posts[0]!.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/GalaxyS8\/comments\//);
      }
      return;
    }
    try {
      const feed = await fetchAndParse(name);
      expect(feed.items.length).toBeGreaterThan(0);
      for (const item of feed.items) {
        expect(typeof item.title).toBe('string');
        expect(item.title).not.toMatch(/&amp;|<\/?[a-z]+>/i);
      }
    } catch (error) {
      expect(error).toBeInstanceOf(CrawlError);
      expect(name).toMatch(/^malformed-truncated/);
      expect((error as CrawlError).errorClass).toBe('parse_error');
    }
  });
});

describe('encodings', () => {
  it('decodes a GB2312 feed into correct Chinese', async () => {
    const feed = await fetchAndParse('rss2-zh-gb2312-forum.xml');
    expect(feed.title).toBe('投资资讯网交易在线--流通纪念币最新20篇论坛主题-全文');
    expect(feed.items[0]!.title).toBe('建国35周年纪念，华表，和平鸽');
  });
  it('decodes windows-1251, ISO-8859-7 and undeclared Latin-1', async () => {
    expect((await fetchAndParse('rss2-windows-1251.xml')).items[0]!.title).toBe('Цитата #17703');
    expect((await fetchAndParse('rss2-iso-8859-7-greek.xml')).title).toBe('Liberal - ΕΠΙΚΑΙΡΟΤΗΤΑ');
    const latin = await fetchAndParse('rss2-no-encoding-decl-latin1.xml');
    expect(latin.items.map((i) => i.title).join(' ')).toMatch(/[ãçéíóú]/);
    expect(latin.items.map((i) => i.title).join(' ')).not.toContain('\ufffd');
  });
  it('treats undeclared windows-1252 bytes as such', () => {
    expect(decodeBody(Buffer.from([0x93, 0x68, 0x69, 0x94]), null)).toBe('“hi”');
    expect(decodeBody(Buffer.from('<?xml version="1.0" encoding="GBK"?><a>', 'latin1'), null)).toContain(
      '<a>',
    );
  });
  it('decodes double-escaped HTML titles', async () => {
    expect((await fetchAndParse('atom-html-title-double-escaped-entities.xml')).title).toBe(
      'Attack & Defense',
    );
  });
});

describe('sanitising', () => {
  it('removes scripts and event handlers from feed content', async () => {
    for (const name of ['rss2-script-tags-in-content.xml', 'rss2-onclick-javascript-in-content.xml']) {
      const feed = await fetchAndParse(name);
      const raw = feed.items.map((i) => i.html).join('');
      expect(raw).toMatch(/<script|onclick=/i);
      const clean = feed.items.map((i) => sanitizeContent(i.html, 'https://example.com/')).join('');
      expect(clean).not.toMatch(/<script|onclick=|javascript:/i);
      expect(clean.length).toBeGreaterThan(100);
    }
  });
  it('resolves relative links and lazy images, and drops javascript: URLs', () => {
    const html = sanitizeContent(
      '<p><a href="/a">x</a><img data-src="img/b.png"><a href="javascript:alert(1)">y</a><iframe src="x"></iframe></p>',
      'https://blog.example/post/1',
    );
    expect(html).toContain('href="https://blog.example/a"');
    expect(html).toContain('src="https://blog.example/post/img/b.png"');
    expect(html).not.toMatch(/javascript|iframe/);
    expect(htmlToText('<p>A&nbsp;&amp;&nbsp;B</p><p>C</p>')).toBe('A & B\nC');
  });
  it('leaves only allowed elements, attributes and URL schemes, whatever the markup tries', () => {
    const attacks = [
      '<script>alert(1)</script><p>kept</p>',
      '<scr<script>ipt>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<script>alert(1)',
      '<img src=x onerror=alert(1)>',
      '<IMG SRC="javascript:alert(1);">',
      '<img src="jav&#x09;ascript:alert(1)">',
      '<a href="jav&#x61;script:alert(1)">a</a>',
      '<a href="  JavaScript:alert(1)">b</a>',
      '<a href="java\tscript:alert(1)">c</a>',
      '<a href="javascript&colon;alert(1)">d</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">e</a>',
      '<a href="vbscript:msgbox(1)">f</a>',
      '<a href=/ok onclick=alert(1) style="color:red">g</a>',
      '<a href="/x" title="t" onmouseover="alert(1)">h</a>',
      '<svg onload=alert(1)><circle /></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<style>body{background:url(javascript:alert(1))}</style>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<!--<img src=x onerror=alert(1)>-->',
      '<form action="https://evil.example"><input name=a><button formaction="javascript:alert(1)">x</button></form>',
      '<video poster="javascript:alert(1)" src="/v.mp4" controls></video>',
      '<img src="/a.png" data-src="javascript:alert(1)" alt="a &quot;quoted&quot; alt">',
      '<img data-src="https://cdn.example/b.png" src="">',
      '<div><a href="/ok">"><script>alert(1)</script></a></div>',
      '<a href="https://ok.example/?a=1&amp;b=2">query</a>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:alert(1)//">',
      '<table><tr><td colspan="2" onclick="x">cell</td></tr></table>',
    ];
    const attributes: Record<string, string[]> = {
      a: ['href', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      video: ['src', 'poster', 'controls'],
      td: ['colspan', 'rowspan'],
    };
    const allowedTags = new Set([
      'p',
      'a',
      'img',
      'div',
      'table',
      'tbody',
      'tr',
      'td',
      'video',
      'html',
      'body',
      'head',
    ]);
    for (const attack of attacks) {
      const clean = sanitizeContent(attack, 'https://blog.example/post/1');
      // Parsed back as a browser would, every element and attribute is one the sanitiser allows.
      const { document } = parseHTML(`<html><body>${clean}</body></html>`);
      for (const element of document.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        expect(allowedTags, `${attack} → ${clean}`).toContain(tag);
        for (const { name, value } of element.attributes) {
          expect(attributes[tag] ?? [], `${attack} → ${clean}`).toContain(name);
          if (['href', 'src', 'poster'].includes(name)) expect(value).toMatch(/^(https?:|mailto:)/);
        }
      }
      expect(clean).not.toMatch(/<script|javascript:|onerror|onclick|onload|srcdoc|style=/i);
    }
    expect(sanitizeContent('<p>kept</p><script>alert(1)</script>')).toBe('<p>kept</p>');
    expect(sanitizeContent('<a href="https://ok.example/?a=1&amp;b=2">q</a>')).toBe(
      '<a href="https://ok.example/?a=1&amp;b=2">q</a>',
    );
    expect(sanitizeContent('<img data-src="https://cdn.example/b.png" src="" alt="a &quot;b&quot;">')).toBe(
      '<img src="https://cdn.example/b.png" alt="a &quot;b&quot;">',
    );
    expect(sanitizeContent('<p>A &amp; B &lt;tag&gt; <b>bold</b> 中文</p>')).toBe(
      '<p>A &amp; B &lt;tag&gt; <b>bold</b> 中文</p>',
    );
  });
  it('sanitises the same on worker threads as inline, a whole feed at a time', async () => {
    const feed = await fetchAndParse('rss2-script-tags-in-content.xml');
    const items = feed.items.map((i) => ({ html: i.html, baseUrl: 'https://example.com/post' }));
    const pool = createSanitizer({ threads: 2 });
    try {
      const [first, second] = await Promise.all([pool.sanitize(items), pool.sanitize(items.slice(1))]);
      expect(first).toEqual(items.map((i) => sanitizeContent(i.html, i.baseUrl)));
      expect(second).toEqual(first.slice(1));
      expect(first.join('')).not.toMatch(/<script/i);
      expect(await pool.sanitize([])).toEqual([]);
    } finally {
      await pool.close();
    }
  });
  it('canonicalises URLs', () => {
    expect(canonicalUrl('HTTPS://Example.COM/a?utm_source=x&id=1#frag')).toBe(
      'https://example.com/a?id=1#frag',
    );
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('fetch limits', () => {
  it('refuses loopback and private addresses unless allowed', async () => {
    const strict = createFetcher({ allowPrivateHosts: false });
    try {
      for (const url of [
        `${server.url}/rss2-zh-meituan-tech.xml`,
        'http://localhost:1/x',
        'http://10.0.0.1/x',
        'http://[::1]:1/x',
        'file:///etc/passwd',
      ]) {
        await expect(strict.fetch(url)).rejects.toMatchObject({ errorClass: 'blocked' });
      }
    } finally {
      await strict.close();
    }
    expect(isPrivateAddress('192.168.1.1')).toBe(true);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });
  it('answers a conditional GET with not-modified', async () => {
    const first = await fetcher.fetch(`${server.url}/atom-zh-v2ex.xml`);
    expect(first.notModified).toBe(false);
    if (first.notModified) return;
    const second = await fetcher.fetch(`${server.url}/atom-zh-v2ex.xml`, {
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second.notModified).toBe(true);
  });
  it('classifies HTTP errors, oversize bodies, redirect loops and timeouts', async () => {
    server.setRoute('/gone', { status: 404, body: 'no' });
    server.setRoute('/busy', { status: 429, body: 'slow down', headers: { 'retry-after': '120' } });
    server.setRoute('/broken', { status: 503, body: 'down' });
    server.setRoute('/loop', { status: 302, body: '', headers: { location: '/loop' } });
    await expect(fetcher.fetch(`${server.url}/gone`)).rejects.toMatchObject({ errorClass: 'http_4xx' });
    await expect(fetcher.fetch(`${server.url}/busy`)).rejects.toMatchObject({
      errorClass: 'rate_limited',
      retryAfterSeconds: 120,
    });
    await expect(fetcher.fetch(`${server.url}/broken`)).rejects.toMatchObject({ errorClass: 'http_5xx' });
    await expect(fetcher.fetch(`${server.url}/loop`, { maxRedirects: 3 })).rejects.toMatchObject({
      errorClass: 'http_4xx',
    });
    await expect(
      fetcher.fetch(`${server.url}/podcast-itunes-large-giantbomb.xml`, { maxBytes: 100_000 }),
    ).rejects.toMatchObject({
      errorClass: 'too_large',
    });
    const { createServer } = await import('node:http');
    const slow = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const port = (slow.address() as { port: number }).port;
      await expect(fetcher.fetch(`http://127.0.0.1:${port}/`, { timeoutMs: 300 })).rejects.toMatchObject({
        errorClass: 'timeout',
      });
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
});
