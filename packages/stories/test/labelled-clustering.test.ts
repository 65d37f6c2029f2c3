import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StoryIndex } from '../src/index.ts';

type LabelledItem = {
  id: string;
  event: string;
  language: 'EN' | 'ZH';
  kind: string;
  source: string;
  headline: string;
  text: string;
  eventAt: string;
};

const read = <T>(path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;

/** The feed fixtures' items, their rewrites, and hand-written reports of invented events. */
const { items: labelled } = read<{ items: LabelledItem[] }>('./fixtures/labelled-stories.json');
/**
 * Every summary in the product's "Key points / Why it matters" shape, two newsletters with long
 * sign-offs on every item, source names with suffixes, events of one kind told about different
 * companies, short takes, and bad input (see scripts/build-boilerplate-fixture.ts).
 */
const { items: boilerplate } = read<{ items: LabelledItem[] }>('./fixtures/labelled-boilerplate.json');

/**
 * The seeded first-run content as the clustering sees it: each summary matched on its post's title
 * and text, at its place in the ten seeded days.
 */
type DemoItem = {
  key: string;
  event: string;
  source: string;
  language: 'EN' | 'ZH';
  day: number;
  minute: number;
  title: string;
  text: string;
};
const demoContent = JSON.parse(
  readFileSync(new URL('../../db/src/seed-data/demo-content.json', import.meta.url), 'utf8'),
) as { items: DemoItem[] } | DemoItem[];
const DEMO_NOW = Date.UTC(2026, 5, 11, 12);
const demo: LabelledItem[] = (Array.isArray(demoContent) ? demoContent : demoContent.items)
  .map((item) => ({
    id: item.key,
    event: item.event,
    language: item.language,
    kind: 'demo',
    source: item.source,
    headline: item.title,
    text: item.text,
    eventAt: new Date(DEMO_NOW - item.day * 86_400_000 + (item.minute - 720) * 60_000).toISOString(),
  }))
  .sort((a, b) => a.eventAt.localeCompare(b.eventAt) || a.id.localeCompare(b.id));

/**
 * Pairwise precision and recall of the offline clustering, items taken in time order. Offline
 * matching is same-language only, so pairs across languages are left out (the cross-language
 * path is tested with embeddings from the fake OpenAI server in services/summarizer).
 */
function evaluate(items: LabelledItem[], pairs: (a: LabelledItem, b: LabelledItem) => boolean = () => true) {
  const index = new StoryIndex();
  const story = new Map<string, string>();
  for (const item of items)
    story.set(
      item.id,
      index.assign({ ...item, sourceId: item.source, eventAt: new Date(item.eventAt) }).storyId,
    );
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const mistakes: string[] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      if (a.language !== b.language || !pairs(a, b)) continue;
      const same = a.event === b.event;
      const together = story.get(a.id) === story.get(b.id);
      if (same && together) tp++;
      else if (together) {
        fp++;
        mistakes.push(`merged: ${a.headline} | ${b.headline}`);
      } else if (same) {
        fn++;
        mistakes.push(`missed: ${a.headline} | ${b.headline}`);
      }
    }
  }
  const sizes = new Map<string, number>();
  for (const id of story.values()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  return {
    tp,
    fp,
    fn,
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    stories: sizes.size,
    largest: Math.max(...sizes.values()),
    mistakes,
  };
}

function report(name: string, items: LabelledItem[], result: ReturnType<typeof evaluate>) {
  console.log(
    `stories, ${name}: ${items.length} items in ${result.stories} stories (largest ${result.largest}), same-language pairs: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} (tp ${result.tp}, fp ${result.fp}, fn ${result.fn})`,
  );
  if (process.env.STORIES_SHOW_MISTAKES) console.log(result.mistakes.join('\n'));
}

describe('offline story clustering on the labelled sets', () => {
  it('the sets are what they say', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(300);
    expect(new Set(labelled.map((item) => item.event)).size).toBeLessThan(labelled.length);
    expect(boilerplate.length).toBeGreaterThanOrEqual(300);
    expect(demo.length).toBeGreaterThanOrEqual(200);
    // The demo has a few genuine multi-source events, and most items are their own.
    const demoEvents = new Map<string, Set<string>>();
    for (const item of demo)
      demoEvents.set(item.event, (demoEvents.get(item.event) ?? new Set()).add(item.source));
    expect([...demoEvents.values()].filter((sources) => sources.size >= 2).length).toBeGreaterThanOrEqual(3);
  });

  it('feeds, rewrites and hand-written events: precision ≥ 0.95, recall ≥ 0.8', () => {
    const result = evaluate(labelled);
    report('feeds and events', labelled, result);
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('the seeded demo content: precision ≥ 0.95, recall ≥ 0.8, no story of more than a handful', () => {
    const result = evaluate(demo);
    report('seeded demo', demo, result);
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.8);
    expect(result.largest).toBeLessThanOrEqual(6);
    expect(result.stories).toBeGreaterThan(demo.length * 0.8);
  });

  it('the boilerplate-heavy set: templates and sign-offs never make one large story', () => {
    const result = evaluate(boilerplate);
    report('boilerplate-heavy', boilerplate, result);
    // Precision meets the goal. Recall (goal 0.8) is a floor against regressions: the misses are
    // short takes and headline-only posts that name nothing ("Memory is the new FLOPs", "there
    // goes another one") or share one name and no other word, follow-ups from the same outlet, and
    // reports whose story's other members do not agree. Rare headline words find reports that share
    // no MinHash band (without them: 0.24 with 8 bands, 0.44 with 16).
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.64);
    expect(result.largest).toBeLessThanOrEqual(5);
  });
});
