/**
 * Builds test/fixtures/labelled-boilerplate.json: a labelled set for story clustering in the shape
 * of the data the product actually stores, independent of labelled-stories.json.
 *
 * Why: every AI summary has the same skeleton ("## headline", a lead paragraph, "**Key points**"
 * with "What changed / Why it matters / Try it | What's next", or "**要点**" with "有何变化 / 为何重要 /
 * 如何上手 | 下一步"), and newsletters end every item with the same long footer. Words that all
 * summaries share say nothing about which event an item reports; this set makes them dominate the
 * text, the way they do in production.
 *
 * What it contains (each item carries its `event` label and a `kind`):
 * - `event`: reports of hand-written multi-outlet events (scripts/boilerplate-events.ts), EN and ZH,
 *   each outlet in its own words, 2–6 reports within 60 h of the first.
 * - `hard-negative`: different events that share vocabulary: reports of event families (two Series B
 *   rounds in one week, Vellum 2.3 vs 2.4, Lumen 4 vs 4.1, three outages, three price cuts, two
 *   security incidents, two recalls, a licence change vs its fork), numbered podcast episodes of one
 *   show, and one daily roundup per day per language from one outlet, which names that day's events.
 * - hard positives, reports of their event told with few shared words: `take` (a short post-like take
 *   next to a long article), `update` (the same outlet's follow-up a day later), `headline-only`
 *   (no summary text).
 * - `bad-input`: an empty or blank headline, one-word headlines ("Update", "更新"), a Chinese headline
 *   over English text, items without text, a newsletter item that is only its footer; each its own
 *   event, except exact duplicate copies from two outlets, which are one event.
 * - `feed`: real titles and texts from the shared feed fixtures (packages/testing/fixtures/feeds),
 *   each its own event (except the few that tell one event: scripts/feed-events.ts), put into the same summary template; some are carried by the two newsletters
 *   and end with their footer.
 * Outlet names carry suffixes ("… Weekly", "… Newsletter", "… 相关推文"). Items span ten days, dense
 * enough that any 72 h window holds well over 100 items.
 *
 * Deterministic (a seeded hash, no Math.random): rerunning writes the same file.
 *
 *   pnpm --filter @app/stories build-boilerplate-fixture [path to the feeds folder]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Parser from 'rss-parser';
import {
  BOILERPLATE_EVENTS,
  type Language,
  NEWSLETTER_FOOTERS,
  SINGLE_ITEMS,
  type Summary,
} from './boilerplate-events.ts';
import { feedEvent } from './feed-events.ts';

type Kind = 'event' | 'hard-negative' | 'update' | 'take' | 'headline-only' | 'bad-input' | 'feed';
type Item = {
  id: string;
  event: string;
  language: Language;
  kind: Kind;
  source: string;
  headline: string;
  text: string;
  eventAt: string;
};

const START = Date.parse('2026-07-06T00:00:00Z');
const DAYS = 10;
const HOUR = 3600_000;
const EN_NEWSLETTER = 'The Inference Newsletter';
const ZH_NEWSLETTER = '硅谷前哨 Newsletter';

/**
 * Feeds in English or Chinese, with how many items to take. Left out: the other languages, feeds
 * the parser rejects, and the drug-recall feed (its announcements and their expansions are one
 * event each, which would need labels of their own).
 */
const FEEDS: { file: string; language: Language; max: number; encoding?: string }[] = [
  { file: 'atom-html-content-xml-base-relative-links.xml', language: 'EN', max: 40 },
  { file: 'atom-xhtml-content-typepad.xml', language: 'EN', max: 25 },
  { file: 'atom-youtube-channel.xml', language: 'EN', max: 12 },
  { file: 'atom-html-title-double-escaped-entities.xml', language: 'EN', max: 8 },
  { file: 'malformed-whitespace-before-xml-decl.xml', language: 'EN', max: 10 },
  { file: 'podcast-itunes-large-giantbomb.xml', language: 'EN', max: 40 },
  { file: 'podcast-podcastindex-namespace.xml', language: 'EN', max: 15 },
  { file: 'reddit-subreddit-new-atom.xml', language: 'EN', max: 20 },
  { file: 'rss1-rdf-sciencemag.xml', language: 'EN', max: 15 },
  { file: 'rss2-cdata-pubdate-link-guid.xml', language: 'EN', max: 20 },
  { file: 'rss2-wordpress-content-encoded-dc-creator.xml', language: 'EN', max: 35 },
  { file: 'rss2-script-tags-in-content.xml', language: 'EN', max: 8 },
  { file: 'rss2-onclick-javascript-in-content.xml', language: 'EN', max: 6 },
  { file: 'rss2-twitter-nitter-synthetic.xml', language: 'EN', max: 4 },
  { file: 'atom-zh-v2ex.xml', language: 'ZH', max: 50 },
  { file: 'atom-zh-blog-ruanyifeng.xml', language: 'ZH', max: 3 },
  { file: 'rss2-zh-meituan-tech.xml', language: 'ZH', max: 10 },
  { file: 'rss2-zh-wechat-rsshub-synthetic.xml', language: 'ZH', max: 3 },
  { file: 'rss2-zh-xiaohongshu-rsshub-synthetic.xml', language: 'ZH', max: 2 },
  { file: 'rss2-zh-gb2312-forum.xml', language: 'ZH', max: 20, encoding: 'gbk' },
];

const LABELS = {
  EN: {
    points: 'Key points',
    changed: 'What changed',
    matters: 'Why it matters',
    tryIt: 'Try it',
    next: 'What’s next',
    colon: ': ',
  },
  ZH: {
    points: '要点',
    changed: '有何变化',
    matters: '为何重要',
    tryIt: '如何上手',
    next: '下一步',
    colon: '：',
  },
} as const;

/** Stock bullets the summarizer falls back on when a source says little: more shared words. */
const STOCK = {
  EN: {
    changed: [
      'a new post with details beyond the headline.',
      'the author shares a new write-up on the topic.',
      'new details were published today.',
      'a fresh look at a topic this outlet covers often.',
    ],
    matters: [
      'it gives readers who follow this area a concrete example.',
      'it shows where the conversation in this community is heading.',
      'practitioners can compare it with their own experience.',
      'it adds context that the headline alone does not give.',
    ],
    tryIt: [
      'the original post links to the full details.',
      'read the full piece for the examples.',
      'the post includes links you can follow this week.',
    ],
    next: [
      'the author promises a follow-up.',
      'more coverage is expected in the coming days.',
      'watch the comments for corrections and updates.',
    ],
  },
  ZH: {
    changed: [
      '作者发布了一篇新文章，补充了标题之外的细节。',
      '原文给出了新的细节。',
      '这是该来源经常讨论的话题的最新一篇。',
    ],
    matters: [
      '为关注这一领域的读者提供了具体案例。',
      '反映了社区讨论的最新走向。',
      '读者可以对照自己的经验参考。',
      '补充了标题之外的背景信息。',
    ],
    tryIt: ['原文附有完整细节和链接。', '阅读原文可查看具体示例。', '原文提供了本周即可参考的链接。'],
    next: ['作者表示会有后续更新。', '预计未来几天会有更多讨论。', '可关注评论区的补充和更正。'],
  },
} as const;

/** FNV-1a: the seeded hash behind every choice in this script. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}
const unit = (key: string) => hash(`boilerplate:${key}`) / 2 ** 32;
const pick = <T>(list: readonly T[], key: string): T => list[Math.floor(unit(key) * list.length)]!;

const stripHtml = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function sentences(language: Language, text: string): string[] {
  const parts =
    language === 'ZH'
      ? text.split(/(?<=[。！？])|(?<=[.!?])\s+/)
      : text.split(/(?<=[.!?])\s+(?=["“‘'(A-Z0-9])/);
  return parts.map((s) => s?.trim() ?? '').filter((s) => s.length > 1);
}

/** Summaries quote short sentences: long ones are cut at a word (EN) or a character (ZH). */
function clip(language: Language, sentence: string): string {
  const max = language === 'ZH' ? 110 : 260;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${language === 'EN' && space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The summary markdown: heading, lead, key points; the newsletter footer last. */
function render(
  language: Language,
  source: string,
  headline: string,
  summary: Summary | null,
  tryIt: boolean,
) {
  const footer = NEWSLETTER_FOOTERS[source];
  if (!summary) return footer ?? '';
  const labels = LABELS[language];
  const heading = summary.heading ?? headline.trim();
  const body = [
    ...(heading ? [`## ${heading}`, ''] : []),
    summary.lead,
    '',
    `**${labels.points}**`,
    '',
    `- ${labels.changed}${labels.colon}${summary.points[0]}`,
    `- ${labels.matters}${labels.colon}${summary.points[1]}`,
    `- ${tryIt ? labels.tryIt : labels.next}${labels.colon}${summary.points[2]}`,
  ].join('\n');
  return footer ? `${body}\n\n${footer}` : body;
}

/** A summary of a feed item the way the summarizer writes one: its opening as lead, then key points. */
function feedSummary(
  language: Language,
  source: string,
  headline: string,
  body: string,
  key: string,
): { summary: Summary; tryIt: boolean } {
  const stock = STOCK[language];
  const tryIt = unit(`${key}:try`) < 0.5;
  const next = pick(tryIt ? stock.tryIt : stock.next, `${key}:next`);
  const parts = sentences(language, body).map((s) => clip(language, s));
  if (parts.length === 0) {
    const summary: Summary =
      language === 'EN'
        ? {
            lead: `${source} published “${headline}”. The feed carries the title only, without a description.`,
            points: [`a new item titled “${headline}”.`, pick(stock.matters, `${key}:matters`), next],
          }
        : {
            lead: `${source} 发布了《${headline}》，订阅源只提供了标题，没有正文。`,
            points: [`新内容《${headline}》。`, pick(stock.matters, `${key}:matters`), next],
          };
    return { summary, tryIt };
  }
  const join = (list: string[]) => list.join(language === 'EN' ? ' ' : '');
  const leadCount = parts[0]!.length > 200 || parts.length < 3 ? 1 : 2;
  const summary: Summary = {
    lead: join(parts.slice(0, leadCount)),
    points: [
      parts[leadCount] ?? pick(stock.changed, `${key}:changed`),
      parts[leadCount + 1] ?? pick(stock.matters, `${key}:matters`),
      next,
    ],
  };
  return { summary, tryIt };
}

/** Feed items are published mostly in their readers' daytime: 12–24 UTC for EN, 0–14 UTC for ZH. */
function feedTime(language: Language, id: string): number {
  const day = Math.floor(unit(`${id}:day`) * DAYS);
  const daytime = unit(`${id}:daytime`) < 0.85;
  const [from, span] = daytime
    ? language === 'EN'
      ? [12, 12]
      : [0, 14]
    : language === 'EN'
      ? [0, 12]
      : [14, 10];
  const hour = from + Math.floor(unit(`${id}:hour`) * span);
  const minute = Math.floor(unit(`${id}:minute`) * 60);
  return START + day * 24 * HOUR + hour * HOUR + minute * 60_000;
}

async function feedItems(feedsDir: string): Promise<Item[]> {
  const parser = new Parser();
  const items: Item[] = [];
  const seen = new Set<string>();
  const counts = { EN: 0, ZH: 0 };
  for (const { file, language, max, encoding } of FEEDS) {
    const xml = new TextDecoder(encoding ?? 'utf-8').decode(readFileSync(join(feedsDir, file)));
    const feed = await parser.parseString(xml);
    const feedTitle = stripHtml(feed.title ?? file);
    let taken = 0;
    for (const entry of feed.items) {
      const headline = stripHtml(entry.title ?? '');
      if (!headline || seen.has(headline.toLowerCase()) || taken >= max) continue;
      seen.add(headline.toLowerCase());
      const body = stripHtml(entry['content:encoded'] ?? entry.content ?? entry.summary ?? '');
      const id = `bp-feed-${file.replace(/\.xml$/, '')}-${taken++}`;
      // Every sixth English and every fourth Chinese feed item reaches readers through a newsletter.
      const n = counts[language]++;
      const newsletter = language === 'EN' ? n % 6 === 2 : n % 4 === 1;
      const source = newsletter ? (language === 'EN' ? EN_NEWSLETTER : ZH_NEWSLETTER) : feedTitle;
      const { summary, tryIt } = feedSummary(language, feedTitle, headline, body, id);
      items.push({
        id,
        event: feedEvent(headline, id),
        language,
        kind: 'feed',
        source,
        headline,
        text: render(language, source, headline, summary, tryIt),
        eventAt: new Date(feedTime(language, id)).toISOString(),
      });
    }
  }
  return items;
}

function eventItems(): Item[] {
  const items: Item[] = [];
  for (const event of BOILERPLATE_EVENTS) {
    const base = START + (event.day * 24 + event.hour) * HOUR;
    event.reports.forEach((report, n) => {
      const id = `${event.event}-${n}`;
      const minute = n === 0 ? 0 : Math.floor(unit(`${id}:minute`) * 30);
      items.push({
        id,
        event: event.event,
        language: report.language,
        kind: report.kind ?? (event.family ? 'hard-negative' : 'event'),
        source: report.source,
        headline: report.headline,
        text: render(report.language, report.source, report.headline, report.summary, event.tryIt ?? false),
        eventAt: new Date(base + report.hoursAfter * HOUR + minute * 60_000).toISOString(),
      });
    });
  }
  for (const single of SINGLE_ITEMS) {
    const at = START + (single.day * 24 + single.hour) * HOUR;
    const item: Item = {
      id: single.event,
      event: single.event,
      language: single.language,
      kind: single.kind,
      source: single.source,
      headline: single.headline,
      text: render(single.language, single.source, single.headline, single.summary, single.tryIt ?? false),
      eventAt: new Date(at).toISOString(),
    };
    items.push(item);
    if (single.alsoFrom)
      items.push({
        ...item,
        id: `${single.event}-copy`,
        source: single.alsoFrom.source,
        eventAt: new Date(at + single.alsoFrom.minutesAfter * 60_000).toISOString(),
      });
  }
  return items;
}

/**
 * One roundup a day per language from one outlet, naming three of the day's stories: its own event,
 * though its words are those of the events it lists.
 */
function roundups(items: Item[]): Item[] {
  const out: Item[] = [];
  const newsKinds = new Set<Kind>(['event', 'hard-negative', 'update']);
  for (let day = 0; day < DAYS; day++) {
    for (const language of ['EN', 'ZH'] as const) {
      const at = START + day * 24 * HOUR + (language === 'EN' ? 22 * HOUR : 30 * 60_000);
      if (language === 'ZH' && day === 0) continue;
      const inDay = items.filter(
        (item) =>
          item.language === language &&
          item.headline.trim().length > 4 &&
          Date.parse(item.eventAt) < at &&
          Date.parse(item.eventAt) >= at - 24 * HOUR,
      );
      const ranked = (list: Item[]) => [...list].sort((a, b) => hash(a.id) - hash(b.id));
      const chosen = [
        ...ranked(inDay.filter((item) => newsKinds.has(item.kind))),
        ...ranked(inDay.filter((item) => item.kind === 'feed')),
      ].slice(0, 3);
      const [a, b, c] = chosen.map((item) => item.headline);
      const date = new Date(at);
      const id = `bp-roundup-${language.toLowerCase()}-day${day}`;
      if (language === 'EN') {
        const label = date.toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        });
        const source = 'The Stack Report';
        const headline = `The Stack Report daily roundup: ${label}`;
        const summary: Summary = {
          lead: `The day in developer news in three stories, plus links to everything else we covered on ${label}.`,
          points: [`${a}.`, `${b}; ${c}.`, 'tomorrow’s roundup lands at the same time.'],
        };
        out.push({
          id,
          event: id,
          language,
          kind: 'hard-negative',
          source,
          headline,
          text: render(language, source, headline, summary, false),
          eventAt: date.toISOString(),
        });
      } else {
        const label = `${date.getUTCMonth() + 1} 月 ${date.getUTCDate()} 日`;
        const source = '开发者日报';
        const headline = `开发者日报 · ${label}早报`;
        const summary: Summary = {
          lead: `今天的早报精选三条消息，其余内容见文末链接（${label}）。`,
          points: [`${a}。`, `${b}；${c}。`, '明早同一时间见。'],
        };
        out.push({
          id,
          event: id,
          language,
          kind: 'hard-negative',
          source,
          headline,
          text: render(language, source, headline, summary, false),
          eventAt: date.toISOString(),
        });
      }
    }
  }
  return out;
}

async function main() {
  const feedsDir =
    process.argv[2] ?? fileURLToPath(new URL('../../testing/fixtures/feeds/', import.meta.url));
  const items = [...(await feedItems(feedsDir)), ...eventItems()];
  items.push(...roundups(items));
  items.sort((a, b) => a.eventAt.localeCompare(b.eventAt) || a.id.localeCompare(b.id));
  const out = new URL('../test/fixtures/labelled-boilerplate.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify({ items }, null, 2)}\n`);

  const sizes = new Map<string, number>();
  for (const item of items) sizes.set(item.event, (sizes.get(item.event) ?? 0) + 1);
  const multi = [...sizes.values()].filter((n) => n >= 2);
  const count = (predicate: (item: Item) => boolean) => items.filter(predicate).length;
  const kinds = Object.fromEntries(
    [...new Set(items.map((item) => item.kind))].map((kind) => [kind, count((item) => item.kind === kind)]),
  );
  console.log(
    `${items.length} items, ${sizes.size} events (${multi.length} with 2+ reports, ${multi.reduce((s, n) => s + n, 0)} reports), ` +
      `EN ${count((item) => item.language === 'EN')}, ZH ${count((item) => item.language === 'ZH')}, ` +
      `kinds ${JSON.stringify(kinds)} → ${out.pathname}`,
  );
}

await main();
