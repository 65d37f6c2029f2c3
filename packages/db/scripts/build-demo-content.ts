/**
 * Builds src/seed-data/demo-content.json, the first-run content that seedDemoSummaries stores: real
 * feed items (the documents in packages/testing/fixtures/feeds) read as the crawler reads them and
 * summarised by the offline summariser as the summarizer does without a model, plus the reports of a
 * few events that several outlets cover. Each item goes to a seeded datasource of its language, on
 * one of the last 10 days. Deterministic: rerunning writes the same file.
 *
 *   pnpm --filter @app/db build-demo-content [feeds folder]
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractiveSummarize, tokenize } from '@app/llm';
import { decodeHTML } from 'entities';
import Parser from 'rss-parser';
import { HAND_WRITTEN_EVENTS } from '../../stories/scripts/hand-written-events.ts';
import type { Language, Platform } from '../src/platform-defaults.ts';
import { DATASOURCES, type DatasourceSeed } from '../src/seed-data/datasources.ts';
import type { DemoItem } from '../src/seed-demo-summaries.ts';

const DAYS = 10;
/** Items taken from one feed at most, so no single outlet fills the demo (Chinese feeds are fewer). */
const PER_FEED: Record<Language, number> = { EN: 12, ZH: 50 };
/** Shorter post texts are too thin to summarise (a Chinese character carries about a word). */
const MIN_TEXT: Record<Language, number> = { EN: 120, ZH: 20 };
/** The post text kept; the summary is made from it, as the summarizer would from the stored post. */
const MAX_TEXT = 4000;
/** Share of common tokens from which an item repeats one already taken (an update of a notice, say). */
const NEAR_DUPLICATE = 0.5;

/** The events that several seeded sources report, each in the topic that fits it. */
const EVENT_TOPICS: Record<string, string> = {
  'hand-orbitdb-acquisition': 'startup-vc',
  'hand-xiaomi-ev-price-cut': 'startup-vc',
  'hand-rust-2030-edition': 'engineering',
  'hand-github-outage': 'engineering',
  'hand-hongmeng-pc': 'engineering',
  'hand-figma-offline-mode': 'product-management',
  'hand-wechat-ai-search': 'ai-agents-apps',
  'hand-bytedance-open-model': 'ai-agents-apps',
  'hand-eu-ai-act-fine': 'ai-agents-apps',
  'hand-indie-app-acquired': 'indie-hackers-side-hustle',
};

/**
 * Where else an item of a platform appears: links to articles are shared on social sources, and
 * shows publish their episodes as videos too.
 */
const SHARED_ON: Partial<Record<Platform, Platform[]>> = {
  blog: ['blog', 'reddit', 'twitter', 'twitter_rss', 'wechat', 'xiaohongshu'],
  podcast: ['podcast', 'youtube'],
};

type FeedItem = { title: string; link: string; html: string; author: string | null; kind: Platform };
type Candidate = Omit<DemoItem, 'source' | 'platform' | 'day' | 'minute'> & { kind: Platform };

const hash = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

// The crawler's rss-parser set-up (services/crawler/src/parse/feed-parser.ts). A shared package may
// not import a service, so the same fields are configured here.
type RssItem = Record<string, unknown> & Parser.Item;
const parser = new Parser<Record<string, unknown>, RssItem>({
  customFields: {
    feed: ['language'],
    item: [
      ['content:encoded', 'contentEncoded'],
      ['dc:creator', 'dcCreator'],
      ['dc:date', 'dcDate'],
      ['yt:videoId', 'ytVideoId'],
      ['yt:channelId', 'ytChannelId'],
      ['media:group', 'mediaGroup'],
      ['media:thumbnail', 'mediaThumbnail'],
      ['podcast:transcript', 'podcastTranscript', { keepArray: true }],
      ['description', 'rawDescription'],
      ['summary', 'atomSummary'],
    ],
  },
  defaultRSS: 2,
  xml2js: { strict: true },
});

/** Bytes → text as the crawler decodes a document: BOM, the declared encoding, else UTF-8 or Latin-1. */
function decode(body: Buffer): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  const head = body.subarray(0, 2048).toString('latin1');
  const declared = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  // GB2312 and GBK are read as GB18030, their superset.
  const label = declared?.replace(/^(gb2312|gbk|x-gbk)$/, 'gb18030');
  try {
    return new TextDecoder(label ?? 'utf-8', { fatal: !label }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

const str = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return str(value[0]);
  if (value && typeof value === 'object' && '_' in value) return str((value as { _: unknown })._);
  return '';
};

/** A feed document → its declared language and items; null when the crawler could not read it. */
async function readFeed(text: string): Promise<{ language: string; items: FeedItem[] } | null> {
  const trimmed = text.replace(/^[\s\ufeff]+/, '');
  if (trimmed.startsWith('{')) {
    const doc = JSON.parse(trimmed) as { version?: string; language?: string; items?: unknown };
    if (!doc.version?.startsWith('https://jsonfeed.org/version/') || !Array.isArray(doc.items)) return null;
    return {
      language: doc.language ?? '',
      items: (doc.items as Record<string, unknown>[]).map((item) => ({
        title: titleOf(str(item.title)),
        link: str(item.url),
        html: str(item.content_html) || str(item.content_text),
        author: str((item.authors as { name?: string }[] | undefined)?.[0]?.name) || null,
        kind: 'blog',
      })),
    };
  }
  // HTML named entities are not XML: the crawler rewrites them before parsing.
  const repaired = trimmed.replace(/&([a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
    if (['amp', 'lt', 'gt', 'quot', 'apos'].includes(name)) return whole;
    const decoded = decodeHTML(whole);
    return decoded === whole ? `&amp;${name};` : `&#${decoded.codePointAt(0)};`;
  });
  const feed = await parser.parseString(repaired).catch(() => null);
  if (!feed) return null;
  return {
    language: str(feed.language),
    items: feed.items.map((item) => {
      const link = str(item.link).trim() || (/^https?:/.test(str(item.guid)) ? str(item.guid) : '');
      // A YouTube entry's text is its media description.
      const media = str((item.mediaGroup as Record<string, unknown> | undefined)?.['media:description']);
      const html =
        str(item.contentEncoded) ||
        str(item.content) ||
        str(item.rawDescription) ||
        str(item.atomSummary) ||
        str(item.summary) ||
        media.replace(/\n/g, '<br>');
      return {
        title: titleOf(str(item.title)),
        link,
        html,
        author: titleOf(str(item.dcCreator) || str(item.creator) || str(item.author)) || null,
        kind: kindOf(link, item),
      };
    }),
  };
}

/** The platform whose sources publish such an item: by its video id, its audio or its link. */
function kindOf(link: string, item: RssItem): Platform {
  const host = URL.canParse(link) ? new URL(link).hostname : '';
  if (item.ytVideoId) return 'youtube';
  if (item.enclosure?.type?.startsWith('audio/') || (item.enclosure && item.itunes)) return 'podcast';
  if (host.endsWith('reddit.com')) return 'reddit';
  if (host === 'mp.weixin.qq.com') return 'wechat';
  if (host.endsWith('xiaohongshu.com')) return 'xiaohongshu';
  return 'blog';
}

/**
 * HTML → the text the summarizer reads (services/summarizer/src/post-text.ts), once what the
 * crawler's sanitiser drops with its content (scripts, styles, frames) is gone.
 */
function plain(html: string): string {
  return decodeHTML(
    html
      .replace(
        /<(script|style|noscript|template|iframe|object|svg|math|head|title)\b[\s\S]*?<\/\1\s*>/gi,
        ' ',
      )
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, '$&\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A title or a name on one line, as the crawler cleans them. */
const titleOf = (html: string) => plain(html).replace(/\s+/g, ' ').trim().slice(0, 500);

/** At most MAX_TEXT characters, ending at a sentence end when one is in the second half. */
function clip(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const cut = text.slice(0, MAX_TEXT);
  const end = Math.max(...['. ', '! ', '? ', '。', '！', '？', '\n'].map((mark) => cut.lastIndexOf(mark)));
  return end > MAX_TEXT / 2 ? cut.slice(0, end + 1).trim() : cut;
}

/** EN or ZH by the writing: Han characters against words, then English function words. */
function languageOf(text: string): Language | null {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = text.match(/[\p{L}\p{N}]+/gu)?.filter((word) => !/\p{Script=Han}/u.test(word)) ?? [];
  if (han >= 10 && han >= words.length) return 'ZH';
  if (han > words.length / 20) return null;
  const latin = words.filter((word) => /^[a-z0-9'’-]+$/i.test(word));
  const common = latin.filter((word) => ENGLISH.has(word.toLowerCase())).length;
  return latin.length >= words.length * 0.95 && common >= latin.length * 0.15 ? 'EN' : null;
}
const ENGLISH = new Set(
  'the of and to a in is it that for on with as was are be this by you at from have or an not but we they i his her their our has had were which will can'.split(
    ' ',
  ),
);

/**
 * Text worth showing: not mis-decoded at the source (UTF-8 read as Latin-1), and without a
 * person's phone number or messenger handle (classified ads in forums).
 */
function isUsable(text: string): boolean {
  const isMisdecoded = /â€|[ÂÃ][\s\u0080-\u00bf]/.test(text);
  const hasContact = /(?<!\d)1[3-9]\d{9}(?!\d)|\b(VX|TG|QQ|微信)\s*[:：]/i.test(text);
  return !isMisdecoded && !hasContact;
}

/** A link a reader can open, without tracking parameters (a local bridge's address is none). */
function publicUrl(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (!/^https?:$/.test(url.protocol) || /^(localhost|127\.|10\.|192\.168\.|\[)/.test(url.hostname))
    return null;
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|spm)$/i.test(key)) url.searchParams.delete(key);
  }
  return url.href;
}

/** Every usable item of every feed in the folder, near-duplicates left out, in file order. */
async function feedCandidates(feedsDir: string): Promise<Candidate[]> {
  const taken: { candidate: Candidate; tokens: Set<string> }[] = [];
  // One post per URL, the first, as the crawler stores items that share a link (podcast episodes
  // linking to the show's home page).
  const repeats = (url: string, title: string, tokens: Set<string>) =>
    taken.some(({ candidate, tokens: other }) => {
      if (candidate.url === url || candidate.title.toLowerCase() === title.toLowerCase()) return true;
      const shared = [...tokens].filter((token) => other.has(token)).length;
      return shared / (tokens.size + other.size - shared) >= NEAR_DUPLICATE;
    });
  for (const file of readdirSync(feedsDir)
    .filter((name) => /\.(xml|json)$/.test(name))
    .sort()) {
    const feed = await readFeed(decode(readFileSync(join(feedsDir, file))));
    const declared = feed?.language.slice(0, 2).toLowerCase();
    if (!feed || (declared && declared !== 'en' && declared !== 'zh')) {
      console.log(`${file}: skipped, ${feed ? `in ${feed.language}` : 'not a readable feed'}`);
      continue;
    }
    const stem = file.replace(/\.(xml|json)$/, '');
    let count = 0;
    for (const item of feed.items) {
      const url = publicUrl(item.link);
      const text = clip(plain(item.html));
      const language = languageOf(`${item.title}\n${text}`);
      if (!url || !language || count >= PER_FEED[language]) continue;
      if (item.title.length < 4 || text.length < MIN_TEXT[language] || !isUsable(`${item.title}\n${text}`))
        continue;
      const summary = extractiveSummarize({ title: item.title, text, language, maxSentences: 4 });
      if (summary.sentences.length === 0 || languageOf(summary.content) !== language) continue;
      const tokens = new Set(tokenize(`${item.title} ${text}`));
      if (repeats(url, item.title, tokens)) continue;
      const key = `${stem}:${createHash('sha256').update(url).digest('hex').slice(0, 10)}`;
      const candidate: Candidate = {
        key,
        event: key,
        language,
        title: item.title,
        url,
        ...(item.author ? { author: item.author } : {}),
        text,
        headline: summary.headline,
        content: summary.content,
        kind: item.kind,
      };
      taken.push({ candidate, tokens });
      count++;
    }
    console.log(`${file}: ${count} of ${feed.items.length} items`);
  }
  return taken.map(({ candidate }) => candidate);
}

/** Whether a source of `platform` publishes items of `kind`. */
const isShownOn = (kind: Platform | undefined, platform: Platform) =>
  !kind || (SHARED_ON[kind] ?? [kind]).includes(platform);

/**
 * Chooses seeded datasources and days for the items and keeps count: the topic with the fewest items
 * of the language that day, in it the source with the fewest items, of the item's platform if any.
 */
function createPlacer() {
  const topics = [...new Set(DATASOURCES.map((source) => source.topic))];
  const perSource = new Map<DatasourceSeed, number>();
  const perDayTopic = new Map<string, number>();
  const perDay: Record<Language, number[]> = { EN: Array(DAYS).fill(0), ZH: Array(DAYS).fill(0) };
  const recent = new Set<DatasourceSeed>();
  const slot = (day: number, language: Language, topic: string) => `${day}:${language}:${topic}`;
  const fewest = <T>(options: T[], count: (option: T) => number, tieKey: (option: T) => string) =>
    [...options].sort((a, b) => count(a) - count(b) || hash(tieKey(a)) - hash(tieKey(b)))[0]!;
  const sourcesOf = (language: Language, topic?: string) =>
    DATASOURCES.filter((source) => source.language === language && (!topic || source.topic === topic));

  function record(source: DatasourceSeed, day: number) {
    perSource.set(source, (perSource.get(source) ?? 0) + 1);
    const key = slot(day, source.language, source.topic);
    perDayTopic.set(key, (perDayTopic.get(key) ?? 0) + 1);
    perDay[source.language][day]! += 1;
    if (day <= 1) recent.add(source);
  }

  function place(
    item: { key: string; language: Language; day: number; kind?: Platform; outlet?: string },
    options: { topic?: string; excluded?: DatasourceSeed[] } = {},
  ): DatasourceSeed {
    const fits = (source: DatasourceSeed) => isShownOn(item.kind, source.platform);
    const topicsWithFit = topics.filter((topic) => sourcesOf(item.language, topic).some(fits));
    const topic =
      options.topic ??
      fewest(
        topicsWithFit.length ? topicsWithFit : topics,
        (t) => perDayTopic.get(slot(item.day, item.language, t)) ?? 0,
        (t) => `${item.key}:${t}`,
      );
    const open = (list: DatasourceSeed[]) => list.filter((source) => !options.excluded?.includes(source));
    const inTopic = open(sourcesOf(item.language, topic));
    const choices = inTopic.length ? inTopic : open(sourcesOf(item.language));
    const named = choices.filter((source) => isSameOutlet(source.sourceName, item.outlet));
    const fitting = choices.filter(fits);
    const source = fewest(
      named.length ? named : fitting.length ? fitting : choices,
      (s) => perSource.get(s) ?? 0,
      (s) => `${item.key}:${s.platform}:${s.sourceName}`,
    );
    record(source, item.day);
    return source;
  }

  /** The day, among `days`, with the fewest items of the language (and of the topic, when given). */
  const quietestDay = (language: Language, days: number[], topic?: string) =>
    fewest(
      days,
      (day) =>
        (topic ? (perDayTopic.get(slot(day, language, topic)) ?? 0) * 1000 : 0) + perDay[language][day]!,
      (day) => String(DAYS - day),
    );

  return { place, record, quietestDay, isRecent: (source: DatasourceSeed) => recent.has(source), perSource };
}

/** "InfoQ 中文" is the seeded "InfoQ": one name holds the other, spaces and case aside. */
function isSameOutlet(name: string, other: string | undefined): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return !!other && (norm(name).includes(norm(other)) || norm(other).includes(norm(name)));
}

/** The chosen events' reports, the events spread over the days, each report by another source. */
function eventItems(placer: ReturnType<typeof createPlacer>): DemoItem[] {
  const events = HAND_WRITTEN_EVENTS.filter((event) => EVENT_TOPICS[event.event]).sort(
    (a, b) => hash(a.event) - hash(b.event),
  );
  return events.flatMap((event, index) => {
    // Positions in minutes before the end of today: day d, minute m is d * 1440 + 1440 - m.
    const startDay = Math.floor((index * DAYS) / events.length);
    const start = startDay * 1440 + 1440 - (hash(`${event.event}:minute`) % 1440);
    const positions = event.reports.map((report) => start - Math.round(report.hoursAfter * 60));
    // A report that would come after now moves the whole event back.
    const shift = Math.max(0, 1 - Math.min(...positions));
    const used: DatasourceSeed[] = [];
    return event.reports.map((report, n) => {
      const position = positions[n]! + shift - 1;
      const key = `${event.event}:${n}`;
      const day = Math.floor(position / 1440);
      const source = placer.place(
        { key, language: report.language, day, outlet: report.source },
        { topic: EVENT_TOPICS[event.event], excluded: used },
      );
      used.push(source);
      const { headline, content } = extractiveSummarize({
        title: report.headline,
        text: report.text,
        language: report.language,
        maxSentences: 4,
      });
      return {
        key,
        event: event.event,
        source: source.sourceName,
        platform: source.platform,
        language: report.language,
        day,
        minute: 1439 - (position % 1440),
        title: report.headline,
        url: `https://example.com/${source.platform}/${encodeURIComponent(source.sourceName)}/${event.event.replace(/^hand-/, '')}`,
        text: report.text,
        headline,
        content,
      };
    });
  });
}

async function main() {
  const feedsDir = process.argv[2] ?? fileURLToPath(new URL('../../testing/fixtures/feeds', import.meta.url));
  const placer = createPlacer();
  const items = eventItems(placer);
  const pool = (await feedCandidates(feedsDir)).sort(
    (a, b) => hash(a.key) - hash(b.key) || a.key.localeCompare(b.key),
  );
  const add = ({ kind: _, ...candidate }: Candidate, source: DatasourceSeed, day: number) =>
    items.push({
      ...candidate,
      source: source.sourceName,
      platform: source.platform,
      day,
      minute: hash(`${candidate.key}:minute`) % 1440,
    });
  // First every datasource gets an item of its platform yesterday or today, the days a visitor
  // sees, so whichever source a newcomer picks shows something.
  const waiting = DATASOURCES.filter((source) => !placer.isRecent(source)).sort(
    (a, b) => hash(`${a.platform}:${a.sourceName}`) - hash(`${b.platform}:${b.sourceName}`),
  );
  // A feed is one outlet: all its items go to the one datasource that took its first, as a real
  // outlet's items share its template and sign-off, never another outlet's.
  const outletOf = new Map<string, DatasourceSeed>();
  const feedOf = (candidate: Candidate) => candidate.key.slice(0, candidate.key.lastIndexOf(':'));
  for (const source of waiting) {
    const index = pool.findIndex(
      (candidate) =>
        candidate.language === source.language &&
        isShownOn(candidate.kind, source.platform) &&
        !outletOf.has(feedOf(candidate)),
    );
    if (index < 0) continue;
    const [candidate] = pool.splice(index, 1);
    outletOf.set(feedOf(candidate!), source);
    const day = placer.quietestDay(source.language, [0, 1], source.topic);
    placer.record(source, day);
    add(candidate!, source, day);
  }
  // Then each item goes to the day with the fewest items of its language so far.
  const all = Array.from({ length: DAYS }, (_, day) => day);
  for (const candidate of pool) {
    const known = outletOf.get(feedOf(candidate));
    const day = placer.quietestDay(candidate.language, all, known?.topic);
    if (known) {
      placer.record(known, day);
      add(candidate, known, day);
      continue;
    }
    const source = placer.place({ ...candidate, day });
    outletOf.set(feedOf(candidate), source);
    add(candidate, source, day);
  }
  items.sort((a, b) => a.day - b.day || b.minute - a.minute || a.key.localeCompare(b.key));
  const out = new URL('../src/seed-data/demo-content.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify({ items }, null, 2)}\n`);
  for (let day = 0; day < DAYS; day++) {
    const count = (language: Language) =>
      items.filter((item) => item.day === day && item.language === language).length;
    console.log(`day ${day}: ${count('EN')} EN, ${count('ZH')} ZH`);
  }
  const events = new Set(items.filter((item) => item.event !== item.key).map((item) => item.event));
  console.log(
    `${items.length} items on ${placer.perSource.size} datasources; ${events.size} events reported by several`,
  );
}

await main();
