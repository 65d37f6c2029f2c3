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

const { items } = JSON.parse(
  readFileSync(new URL('./fixtures/labelled-stories.json', import.meta.url), 'utf8'),
) as { items: LabelledItem[] };

/**
 * Pairwise precision and recall of the offline clustering on the labelled set. Offline matching is
 * same-language only, so pairs across languages are left out here (the cross-language path is
 * tested with embeddings from the fake OpenAI server).
 */
function evaluate() {
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
      if (a.language !== b.language) continue;
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
  return { tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn), mistakes };
}

describe('offline story clustering on the labelled set', () => {
  it('has at least 300 labelled items', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((item) => item.event)).size).toBeLessThan(items.length);
  });

  it('reaches pairwise precision ≥ 0.9 and recall ≥ 0.75', () => {
    const result = evaluate();
    console.log(
      `stories: ${items.length} items, same-language pairs: precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)} (tp ${result.tp}, fp ${result.fp}, fn ${result.fn})`,
    );
    if (process.env.STORIES_SHOW_MISTAKES) console.log(result.mistakes.join('\n'));
    expect(result.precision).toBeGreaterThanOrEqual(0.9);
    expect(result.recall).toBeGreaterThanOrEqual(0.75);
  });
});
