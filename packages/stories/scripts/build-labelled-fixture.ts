/**
 * Builds test/fixtures/labelled-stories.json: items from the shared fixture feeds (each its own
 * event, except the few that tell one event: SAME_EVENT_IN_FEEDS, scripts/feed-events.ts), generated variants of some of them (a rewrite in other words, another outlet's shorter
 * take) and the hand-written multi-outlet events. Every item carries its `event` label explicitly;
 * the clustering test reads only the JSON. Deterministic: rerunning writes the same file.
 *
 *   pnpm --filter @app/stories build-fixture [path to the shared fixtures/feeds folder]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { FEED_ITEMS_OF_ONE_EVENT, feedEvent } from './feed-events.ts';
import { HAND_WRITTEN_EVENTS } from './hand-written-events.ts';

type Item = {
  id: string;
  event: string;
  language: 'EN' | 'ZH';
  kind: 'feed' | 'rewrite' | 'outlet' | 'hand';
  source: string;
  headline: string;
  text: string;
  eventAt: string;
};

const FEEDS: [file: string, language: 'EN' | 'ZH', max: number][] = [
  ['atom-html-content-xml-base-relative-links.xml', 'EN', 40],
  ['atom-xhtml-content-typepad.xml', 'EN', 30],
  ['atom-youtube-channel.xml', 'EN', 15],
  ['malformed-whitespace-before-xml-decl.xml', 'EN', 10],
  ['podcast-itunes-large-giantbomb.xml', 'EN', 30],
  ['podcast-podcastindex-namespace.xml', 'EN', 15],
  ['reddit-subreddit-new-atom.xml', 'EN', 25],
  ['rss1-rdf-sciencemag.xml', 'EN', 40],
  ['rss2-cdata-pubdate-link-guid.xml', 'EN', 25],
  ['rss2-pubdate-html-time-element-xml-base.xml', 'EN', 20],
  ['rss2-wordpress-content-encoded-dc-creator.xml', 'EN', 20],
  ['rss2-script-tags-in-content.xml', 'EN', 10],
  ['atom-zh-v2ex.xml', 'ZH', 40],
  ['atom-zh-blog-ruanyifeng.xml', 'ZH', 3],
  ['rss2-zh-meituan-tech.xml', 'ZH', 10],
  ['rss2-zh-wechat-rsshub-synthetic.xml', 'ZH', 3],
  ['rss2-zh-xiaohongshu-rsshub-synthetic.xml', 'ZH', 2],
];

/**
 * Feed items that report one event: a recall announcement and its updated or expanded notice
 * (matched by headline prefix within one feed).
 */
const SAME_EVENT_IN_FEEDS: { feed: string; event: string; headline: RegExp }[] = [
  {
    feed: 'rss2-pubdate-html-time-element-xml-base.xml',
    event: 'torrent-losartan-recall',
    headline: /^(updated: )?torrent pharmaceuticals limited (issues|expands)/i,
  },
  {
    feed: 'rss2-pubdate-html-time-element-xml-base.xml',
    event: 'legacy-losartan-recall',
    headline: /^legacy pharmaceutical packaging, llc (issues|expands)/i,
  },
];

const OUTLETS = ['Tech Roundup', 'The Daily Byte', 'Signal Wire', 'Morning Brief', '科技快讯', '每日观察'];
const EN_SYNONYMS: Record<string, string> = {
  new: 'latest',
  big: 'large',
  shows: 'reveals',
  show: 'reveal',
  help: 'assist',
  people: 'users',
  make: 'build',
  makes: 'builds',
  first: 'initial',
  use: 'employ',
  get: 'obtain',
  start: 'begin',
  find: 'discover',
  study: 'research',
  team: 'group',
  said: 'stated',
  talk: 'discussion',
  best: 'top',
};

const stripHtml = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** Summaries are a few sentences: the first ~600 characters, cut at a sentence end where possible. */
function summaryText(text: string): string {
  if (text.length <= 600) return text;
  const cut = text.slice(0, 600);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return end > 200 ? cut.slice(0, end + 1) : cut;
}

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const sentences = (text: string) => text.split(/(?<=[.!?。！？])\s*/).filter((s) => s.trim().length > 0);

function rewrite(item: Item, rand: () => number): Item {
  const swap = (s: string) =>
    s.replace(/\b[A-Za-z]+\b/g, (word) => {
      const replacement = EN_SYNONYMS[word.toLowerCase()];
      return replacement && rand() < 0.8 ? replacement : word;
    });
  const parts = sentences(item.text);
  // Other words and order: swap synonyms, move the second sentence first, drop the last one.
  const reordered = parts.length > 2 ? [parts[1]!, parts[0]!, ...parts.slice(2, -1)] : parts;
  const headlineParts = item.headline.split(/:\s+/);
  const headline =
    headlineParts.length === 2
      ? `${headlineParts[1]} (${headlineParts[0]})`
      : `${swap(item.headline)}, explained`;
  return {
    ...item,
    id: `${item.id}-rewrite`,
    kind: 'rewrite',
    source: OUTLETS[Math.floor(rand() * 4)]!,
    headline,
    text: swap(reordered.join(' ')),
  };
}

function otherOutlet(item: Item, rand: () => number): Item {
  const parts = sentences(item.text);
  const kept = parts.slice(0, Math.max(1, Math.ceil(parts.length * 0.6)));
  const zh = item.language === 'ZH';
  const lead = zh ? '据多家媒体报道，' : 'As first reported elsewhere, ';
  return {
    ...item,
    id: `${item.id}-outlet`,
    kind: 'outlet',
    source: OUTLETS[zh ? 4 + Math.floor(rand() * 2) : Math.floor(rand() * 4)]!,
    headline: zh ? `${item.headline}｜快讯` : `Report: ${item.headline}`,
    text: `${lead}${kept.join(' ')}`,
  };
}

async function main() {
  const feedsDir = process.argv[2] ?? '/work/shared/fixtures/feeds';
  const parser = new Parser();
  const rand = random(20261127);
  const originals: Item[] = [];
  const seenTitles = new Set<string>();
  for (const [file, language, max] of FEEDS) {
    const feed = await parser.parseString(readFileSync(join(feedsDir, file), 'utf8'));
    let taken = 0;
    for (const entry of feed.items) {
      const headline = stripHtml(entry.title ?? '');
      const key = headline.toLowerCase();
      if (!headline || seenTitles.has(key) || taken >= max) continue;
      seenTitles.add(key);
      const body = stripHtml(
        entry['content:encoded'] ?? entry.content ?? entry.contentSnippet ?? entry.summary ?? '',
      );
      const id = `${file.replace(/\.xml$/, '')}-${taken++}`;
      const group = SAME_EVENT_IN_FEEDS.find((rule) => rule.feed === file && rule.headline.test(headline));
      originals.push({
        id,
        event: group?.event ?? feedEvent(headline, id),
        language,
        kind: 'feed',
        source: feed.title ?? file,
        headline,
        text: summaryText(body),
        eventAt: '',
      });
    }
  }
  // Spread the feed items over 20 days in a shuffled order, so near-identical podcast episodes
  // are sometimes inside one 72 h window and sometimes not.
  const start = Date.parse('2026-06-01T00:00:00Z');
  const items: Item[] = [];
  const groupStart = new Map<string, number>();
  for (const item of originals) {
    let at = start + Math.floor(rand() * 20 * 24) * 3600_000;
    // An update follows its announcement within two days (feed items of one event keep their times).
    if (item.event !== item.id && !FEED_ITEMS_OF_ONE_EVENT.some((rule) => rule.event === item.event)) {
      const first = groupStart.get(item.event);
      if (first === undefined) groupStart.set(item.event, at);
      else at = first + Math.floor(rand() * 48) * 3600_000;
    }
    items.push({ ...item, eventAt: new Date(at).toISOString() });
  }
  const withText = items.filter((item) => sentences(item.text).length >= 2);
  withText.forEach((item, index) => {
    const later = (hours: number) => new Date(Date.parse(item.eventAt) + hours * 3600_000).toISOString();
    if (index % 3 === 0 && item.language === 'EN')
      items.push({ ...rewrite(item, rand), eventAt: later(2 + Math.floor(rand() * 40)) });
    if (index % 4 === 1)
      items.push({ ...otherOutlet(item, rand), eventAt: later(1 + Math.floor(rand() * 60)) });
  });
  HAND_WRITTEN_EVENTS.forEach((event, index) => {
    const base = start + (index * 37 + 5) * 3600_000;
    event.reports.forEach((report, n) => {
      items.push({
        id: `${event.event}-${n}`,
        event: event.event,
        language: report.language,
        kind: 'hand',
        source: report.source,
        headline: report.headline,
        text: report.text,
        eventAt: new Date(base + report.hoursAfter * 3600_000).toISOString(),
      });
    });
  });
  items.sort((a, b) => a.eventAt.localeCompare(b.eventAt) || a.id.localeCompare(b.id));
  const out = new URL('../test/fixtures/labelled-stories.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify({ items }, null, 1)}\n`);
  const events = new Set(items.map((item) => item.event)).size;
  console.log(`${items.length} items, ${events} events → ${out.pathname}`);
}

await main();
