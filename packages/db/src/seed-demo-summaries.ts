import { createHash } from 'node:crypto';
import { addDays, DEFAULT_TIME_ZONE, localDate, startOfZonedDay } from '@app/time';
import type { Language, Platform, PrismaClient, SummaryType } from '../generated/prisma/client.ts';
import { platformToId, SUMMARY_TYPE_BY_PLATFORM } from './platform-defaults.ts';
import demoContent from './seed-data/demo-content.json' with { type: 'json' };

// Demo content so a fresh `pnpm start` (and the browser tests) show a living product before the
// pipeline has crawled anything: real feed items, each stored as a post of a seeded datasource with
// the summary the offline summariser made of it, over the last 10 days; a few events are reported
// by several sources. scripts/build-demo-content.ts writes the JSON.
//
// Idempotent: posts are keyed by (datasource, URL hash) and summaries by dedupe_key `demo:<key>`,
// so a rerun, on any day, adds nothing once the demo rows exist (and completes a partial run). The
// demo then ages from its first seed, as crawled content does.

/** One item of seed-data/demo-content.json. */
export type DemoItem = {
  key: string;
  /** Items reporting one event share it; a single item's event is its key. */
  event: string;
  /** The seeded datasource: its source_name and platform. */
  source: string;
  platform: Platform;
  /** The datasource's language, so the summary's. */
  language: Language;
  /** Days before today (0 = today) and the minute of that day, in the default time zone. */
  day: number;
  minute: number;
  title: string;
  url: string;
  author?: string;
  /** The post's plain text. */
  text: string;
  headline: string;
  /** The summary's markdown. */
  content: string;
};

/** sha256 (hex) of the canonical URL, the crawler's key of a post within its datasource. */
const urlHash = (url: string) => createHash('sha256').update(url).digest('hex');

/** An older day's items fall from this minute of their day on (8 AM, the digest's hour). */
const DAY_STARTS_AT_MINUTE = 8 * 60;

/**
 * When an item appears. Today's keep their order within the last 3 hours, never before the
 * default zone's midnight, so they are today's even just after it. An older day's keep their order
 * between 8 AM and midnight of that day: the digest holds the 24 hours up to 8 AM, so whenever a
 * newcomer starts, the digest they read holds all of yesterday's items.
 */
function placeInTime(now: Date) {
  const today = localDate(now, DEFAULT_TIME_ZONE);
  const sinceMidnight = now.getTime() - startOfZonedDay(today, DEFAULT_TIME_ZONE).getTime();
  const todayWindow = Math.min(3 * 3_600_000, sinceMidnight);
  return ({ day, minute }: DemoItem): Date => {
    if (day === 0) return new Date(now.getTime() - Math.floor(((1439 - minute) * todayWindow) / 1440));
    const start = startOfZonedDay(addDays(today, -day), DEFAULT_TIME_ZONE).getTime();
    const end = startOfZonedDay(addDays(today, 1 - day), DEFAULT_TIME_ZONE).getTime();
    // A day is 23 hours long when the clocks go forward.
    const at = DAY_STARTS_AT_MINUTE + Math.floor((minute * (1440 - DAY_STARTS_AT_MINUTE)) / 1440);
    return new Date(Math.min(start + at * 60_000, end - 60_000));
  };
}

export async function seedDemoSummaries(
  prisma: PrismaClient,
  log: (msg: string) => void,
  now: Date = new Date(),
): Promise<number> {
  const datasources = await prisma.datasource.findMany({ include: { topic: true }, orderBy: { id: 'asc' } });
  const byName = new Map<string, (typeof datasources)[number]>();
  for (const d of datasources)
    if (!byName.has(`${d.platform}:${d.sourceName}`)) byName.set(`${d.platform}:${d.sourceName}`, d);
  const timeOf = placeInTime(now);
  // An item whose datasource was removed, renamed or switched to the other language is left out.
  // The JSON is read here, not at module level, so bundles that never seed leave it out.
  const placed = (demoContent.items as DemoItem[]).flatMap((item) => {
    const datasource = byName.get(`${item.platform}:${item.source}`);
    return datasource?.language === item.language ? [{ item, datasource, at: timeOf(item) }] : [];
  });

  const posts = await prisma.post.createMany({
    data: placed.map(({ item, datasource, at }) => ({
      datasourceId: datasource.id,
      url: item.url,
      urlHash: urlHash(item.url),
      title: item.title,
      content: item.text,
      author: item.author ?? null,
      publishedAt: at,
      status: 'summarized' as const,
      metadata: { demo: true },
      createdAt: at,
    })),
    skipDuplicates: true,
  });
  // The demo posts, whether written now or by an earlier run; a crawled post is never given a demo summary.
  const stored = await prisma.post.findMany({
    where: {
      datasourceId: { in: [...new Set(placed.map(({ datasource }) => datasource.id))] },
      urlHash: { in: placed.map(({ item }) => urlHash(item.url)) },
      metadata: { path: ['demo'], equals: true },
    },
    select: { id: true, datasourceId: true, urlHash: true },
  });
  const postIds = new Map(stored.map((post) => [`${post.datasourceId}:${post.urlHash}`, post.id]));

  const summaries = placed.flatMap(({ item, datasource, at }) => {
    const postId = postIds.get(`${datasource.id}:${urlHash(item.url)}`);
    if (!postId) return [];
    const summaryType: SummaryType = SUMMARY_TYPE_BY_PLATFORM[datasource.platform];
    // What the summarizer records for a post (services/summarizer/src/summarize-post.ts).
    const metadata = {
      platform: platformToId(datasource.platform),
      source_name: datasource.sourceName,
      topic_name: datasource.topic.name,
      topic_id: datasource.topicId,
      datasource_id: datasource.id,
      post_title: item.title,
      post_url: item.url,
      title: item.title,
      author: item.author ?? null,
      published_at: at.toISOString(),
      ...(summaryType === 'youtube_video' ? { video_title: item.title, video_id: null } : {}),
      ...(summaryType === 'podcast' ? { episode_title: item.title, audio_url: null } : {}),
      generator: 'extractive',
      demo: true,
    };
    return [
      {
        headline: item.headline,
        content: item.content,
        language: item.language,
        summaryType,
        sourceUrls: [item.url],
        metadata,
        postId,
        datasourceId: datasource.id,
        topicId: datasource.topicId,
        dedupeKey: `demo:${item.key}`,
        createdAt: at,
      },
    ];
  });
  const { count } = await prisma.summary.createMany({ data: summaries, skipDuplicates: true });
  if (posts.count > 0 || count > 0) log(`demo content: created ${posts.count} posts, ${count} summaries`);
  return count;
}
