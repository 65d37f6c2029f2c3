import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasHistory, prepareCandidates, rankForYou, TOP } from '../src/index.ts';
import { DEMO, RANK_AT, historyOf, interestedIn, isCandidate, type ReplayReader } from './demo-readers.ts';

/** Simulated readers of the seeded content (scripts/build-replay-set.ts). */
const { readers } = JSON.parse(
  readFileSync(new URL('./fixtures/replay-readers.json', import.meta.url), 'utf8'),
) as { readers: ReplayReader[] };

const candidatesOf = (reader: ReplayReader) =>
  DEMO.filter((item) => item.language === reader.language && isCandidate(item));
const share = (reader: ReplayReader, top: { topic: string; source: string }[]) =>
  top.filter((item) => interestedIn(reader, item as never)).length / top.length;

describe('"For you" on the replay set of simulated readers', () => {
  it('the set is what it says: every kind of history, both languages', () => {
    expect(readers.length).toBeGreaterThanOrEqual(50);
    expect(new Set(readers.map((r) => r.kind))).toEqual(
      new Set(['follower', 'saver', 'reader', 'mixed', 'new']),
    );
    expect(new Set(readers.map((r) => r.language))).toEqual(new Set(['EN', 'ZH']));
    for (const reader of readers) expect(candidatesOf(reader).length).toBeGreaterThan(TOP);
  });

  it('puts twice the date order’s share of each reader’s interests in their top 10, never one source', () => {
    const lines: string[] = [];
    let sumFor = 0;
    let sumDate = 0;
    let measured = 0;
    for (const reader of readers.filter((r) => r.kind !== 'new')) {
      const candidates = candidatesOf(reader);
      const ranked = rankForYou(candidates, historyOf(reader), RANK_AT).slice(0, TOP);
      const dated = [...candidates].sort((a, b) => b.createdAt - a.createdAt).slice(0, TOP);
      const forYou = share(
        reader,
        ranked.map((r) => r.item),
      );
      const byDate = share(reader, dated);
      // The most the ten can hold: some interests have fewer than ten summaries in the window.
      const ceiling = Math.min(TOP, candidates.filter((item) => interestedIn(reader, item)).length) / TOP;
      lines.push(
        `${reader.id} ${reader.kind} ${reader.language}: for you ${forYou.toFixed(1)}, date ${byDate.toFixed(1)}, ceiling ${ceiling.toFixed(1)}`,
      );
      sumFor += forYou;
      sumDate += byDate;
      measured++;
      // Twice the date order's share, or every interest there is when twice would be more.
      expect.soft(forYou, lines.at(-1)).toBeGreaterThanOrEqual(Math.min(ceiling, 2 * byDate));
      expect.soft(forYou, lines.at(-1)).toBeGreaterThan(byDate);
      expect.soft(new Set(ranked.map((r) => r.item.source)).size, lines.at(-1)).toBeGreaterThan(1);
      // Every card says why, and an interest card says the interest.
      for (const { item, reason } of ranked)
        if (reason.kind === 'followed_topic') expect(reader.follows.topics).toContain(item.topicId);
    }
    console.log(
      `for you, replay set: ${measured} readers, mean share of interests in the top ${TOP}: ${(sumFor / measured).toFixed(3)} (date order ${(sumDate / measured).toFixed(3)})`,
    );
    if (process.env.FOR_YOU_SHOW) console.log(lines.join('\n'));
  });

  it('gives a reader with no history the date order', () => {
    for (const reader of readers.filter((r) => r.kind === 'new')) {
      const history = historyOf(reader);
      expect(hasHistory(history)).toBe(false);
      const candidates = candidatesOf(reader);
      const ranked = rankForYou(candidates, history, RANK_AT).map((r) => r.item.id);
      expect(ranked).toEqual(
        [...candidates].sort((a, b) => b.createdAt - a.createdAt).map((item) => item.id),
      );
    }
  });

  it('ranks a window prepared once for every reader as it ranks each reader’s own copy', () => {
    for (const language of ['EN', 'ZH'] as const) {
      const window = DEMO.filter((item) => item.language === language && isCandidate(item));
      const prepared = prepareCandidates(window);
      for (const [index, reader] of readers.filter((r) => r.language === language).entries()) {
        // Every third candidate read by this reader: as flags on their own copy, as ids with the window.
        const readIds = new Set(window.filter((_, i) => (i + index) % 3 === 0).map((item) => item.id));
        const own = window.map((item) => ({ ...item, read: readIds.has(item.id) }));
        const history = historyOf(reader);
        const expected = rankForYou(own, history, RANK_AT).map((r) => [r.item.id, r.score, r.reason]);
        const shared = rankForYou(prepared, history, RANK_AT, Number.POSITIVE_INFINITY, readIds);
        expect(
          shared.map((r) => [r.item.id, r.score, r.reason]),
          reader.id,
        ).toEqual(expected);
      }
    }
  });
});
