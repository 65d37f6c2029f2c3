import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlDatasource } from '../src/crawl-datasource.ts';
import { feedLanguage } from '../src/parse/feed-language.ts';
import { type CrawlHarness, startCrawlHarness } from './support/crawl-harness.ts';

// A source imported without a language (an OPML line that named none) gets its feed's own on its first
// crawl: the feed's <language> or xml:lang, else its text's script (Han → Chinese); its summaries are
// queued in that language. A source given a language keeps it, whatever its feed says.

let harness: CrawlHarness;
let db: CrawlHarness['db'];
let feeds: CrawlHarness['feeds'];
let topicId: string;
let queued: CrawlHarness['queued'];
const deps = () => harness.deps({ CRAWLER_EXTRACT_MAX: '0' });

beforeAll(async () => {
  harness = await startCrawlHarness({ slug: 'lang', name: 'Lang' });
  ({ db, feeds, topicId, queued } = harness);
});
afterAll(async () => {
  await harness?.close();
});

const LONG = 'A long enough paragraph of plain English text about databases, queues and caches. ';
const ZH = '数据库与消息队列的设计取舍，以及缓存失效带来的各种问题和解决办法。';
const rss = (language: string | null, title: string, text: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Feed</title><link>${feeds.url}/</link>${language ? `<language>${language}</language>` : ''}
<item><title>${title}</title><link>${feeds.url}/p/${encodeURIComponent(title)}</link><description>${text.repeat(3)}</description></item>
</channel></rss>`;

async function crawlNew(
  path: string,
  body: string,
  data: { language?: 'EN' | 'ZH'; languageUnconfirmed: boolean },
) {
  feeds.setRoute(path, { body, headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
  const source = await db.prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName: path, sourceUrl: `${feeds.url}${path}`, ...data },
  });
  const outcome = await crawlDatasource(deps(), { datasourceId: source.id });
  expect(outcome).toMatchObject({ status: 'ok' });
  return db.prisma.datasource.findUniqueOrThrow({ where: { id: source.id } });
}

describe('the language of a source imported without one', () => {
  it('is the one its feed declares, and its summaries are queued in it', async () => {
    const row = await crawlNew('/declared-zh.xml', rss('zh-cn', 'Post', LONG), { languageUnconfirmed: true });
    expect(row).toMatchObject({ language: 'ZH', languageUnconfirmed: false });
    expect(queued.at(-1)).toMatchObject({ name: 'summarize-posts', payload: { language: 'ZH' } });
  });

  it("is read from an Atom feed's xml:lang", async () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN"><title>博客</title><id>urn:x</id><updated>2026-11-20T10:00:00Z</updated>
<entry><title>Hello</title><id>urn:x:1</id><link href="${feeds.url}/a/1"/><updated>2026-11-20T10:00:00Z</updated><summary>${LONG}</summary></entry></feed>`;
    const row = await crawlNew('/atom-zh.xml', atom, { languageUnconfirmed: true });
    expect(row).toMatchObject({ language: 'ZH', languageUnconfirmed: false });
  });

  it("is Chinese when its text is, even if the feed keeps its platform's en-US", async () => {
    const undeclared = await crawlNew('/han.xml', rss(null, '缓存的设计', ZH), { languageUnconfirmed: true });
    expect(undeclared).toMatchObject({ language: 'ZH', languageUnconfirmed: false });
    const wrong = await crawlNew('/han-en-us.xml', rss('en-US', '缓存', ZH), { languageUnconfirmed: true });
    expect(wrong).toMatchObject({ language: 'ZH', languageUnconfirmed: false });
  });

  it('is English for English text, and is confirmed', async () => {
    const row = await crawlNew('/en.xml', rss(null, 'Queues', LONG), {
      language: 'ZH',
      languageUnconfirmed: true,
    });
    expect(row).toMatchObject({ language: 'EN', languageUnconfirmed: false });
    expect(queued.at(-1)).toMatchObject({ payload: { language: 'EN' } });
  });

  it('is left as given for a source that has one', async () => {
    const row = await crawlNew('/given.xml', rss('zh-cn', '缓存', ZH), {
      language: 'EN',
      languageUnconfirmed: false,
    });
    expect(row).toMatchObject({ language: 'EN', languageUnconfirmed: false });
    expect(queued.at(-1)).toMatchObject({ payload: { language: 'EN' } });
  });
});

describe('feedLanguage', () => {
  it('reads a declared tag, else the script, else says it cannot tell', () => {
    expect(feedLanguage('zh-Hans', [])).toBe('ZH');
    expect(feedLanguage('zh_CN', [])).toBe('ZH');
    expect(feedLanguage('en-us', [])).toBe('EN');
    expect(feedLanguage('fr', [LONG])).toBe('EN');
    expect(feedLanguage(null, [`<p>${ZH}</p>`])).toBe('ZH');
    // A Chinese post that quotes some English stays Chinese; an English one naming a Chinese word stays English.
    expect(feedLanguage(null, [`${ZH} React Server Components`])).toBe('ZH');
    expect(feedLanguage(null, [`${LONG}${LONG}(中文)`])).toBe('EN');
    expect(feedLanguage(null, ['Hi'])).toBeNull();
    expect(feedLanguage('', [])).toBeNull();
  });
});
