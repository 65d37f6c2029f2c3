import { readFileSync } from 'node:fs';
import { DATASOURCES } from '../../db/src/seed-data/datasources.ts';
import type { Candidate, ReaderHistory } from '../src/index.ts';

/**
 * The seeded first-run content as "For you" sees it: each item with its topic (its datasource's),
 * its story (the demo's events) and its time at the demo's "now". Days 3–9 are the readers' past
 * (what they saved and read), days 0–2 the candidates ranked.
 */
type DemoItem = {
  key: string;
  event: string;
  source: string;
  platform: string;
  language: 'EN' | 'ZH';
  day: number;
  minute: number;
  title: string;
  headline: string;
};
export type DemoSummary = Candidate & { topic: string; source: string };

export const DEMO_NOW = Date.UTC(2026, 5, 11, 12);
/** When the readers rank: the end of the demo's last day (its items spread around DEMO_NOW). */
export const RANK_AT = DEMO_NOW + 12 * 3_600_000;
export const CANDIDATE_DAYS = 3;

const raw = JSON.parse(
  readFileSync(new URL('../../db/src/seed-data/demo-content.json', import.meta.url), 'utf8'),
) as { items: DemoItem[] } | DemoItem[];
const topicOf = new Map(DATASOURCES.map((d) => [`${d.platform}:${d.sourceName}`, d.topic]));

const items = Array.isArray(raw) ? raw : raw.items;
const eventSize = new Map<string, number>();
for (const item of items) eventSize.set(item.event, (eventSize.get(item.event) ?? 0) + 1);

export const DEMO: DemoSummary[] = items.map((item) => {
  const topic = topicOf.get(`${item.platform}:${item.source}`);
  if (!topic) throw new Error(`no seeded datasource for ${item.platform}:${item.source}`);
  return {
    id: item.key,
    headline: item.headline || item.title,
    language: item.language,
    createdAt: DEMO_NOW - item.day * 86_400_000 + (item.minute - 720) * 60_000,
    topicId: topic,
    datasourceId: `${item.platform}:${item.source}`,
    storyId: item.event,
    storySize: eventSize.get(item.event) ?? 1,
    read: false,
    topic,
    source: `${item.platform}:${item.source}`,
  };
});
const byId = new Map(DEMO.map((item) => [item.id, item]));
export const demoItem = (id: string) => {
  const item = byId.get(id);
  if (!item) throw new Error(`no demo item ${id}`);
  return item;
};
export const isCandidate = (item: DemoSummary) => item.createdAt > DEMO_NOW - CANDIDATE_DAYS * 86_400_000;

/** One simulated reader of the replay set: what they care about, and what they did about it. */
export type ReplayReader = {
  id: string;
  kind: 'follower' | 'saver' | 'reader' | 'mixed' | 'new';
  language: 'EN' | 'ZH';
  /** What the reader cares about: topic slugs and sources (`platform:name`). */
  interests: { topics: string[]; sources: string[] };
  follows: { topics: string[]; sources: string[] };
  /** Demo keys from the past days, newest first. */
  saved: string[];
  reads: string[];
};

export function historyOf(reader: ReplayReader): ReaderHistory {
  return {
    followedTopics: reader.follows.topics,
    followedSources: reader.follows.sources,
    saved: reader.saved.map((key) => {
      const item = demoItem(key);
      const { id, headline, language, storyId, topicId, datasourceId } = item;
      return { id, headline, language, storyId, topicId, datasourceId };
    }),
    reads: reader.reads.map((key) => {
      const item = demoItem(key);
      return { topicId: item.topicId, datasourceId: item.datasourceId };
    }),
  };
}

export const interestedIn = (reader: ReplayReader, item: DemoSummary) =>
  reader.interests.topics.includes(item.topic) || reader.interests.sources.includes(item.source);
