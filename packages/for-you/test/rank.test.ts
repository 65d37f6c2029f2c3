import { describe, expect, it } from 'vitest';
import { type Candidate, MAX_PER_SOURCE_IN_TOP, rankForYou, type ReaderHistory, TOP } from '../src/index.ts';

const NOW = Date.UTC(2026, 10, 30, 12);
const HOUR = 3_600_000;
const none: ReaderHistory = { followedTopics: [], followedSources: [], saved: [], reads: [] };
let n = 0;
const card = (over: Partial<Candidate> = {}): Candidate => {
  n++;
  return {
    id: `s${String(n).padStart(3, '0')}`,
    headline: `Unrelated headline number ${n}`,
    language: 'EN',
    createdAt: NOW - n * HOUR,
    topicId: 'other',
    datasourceId: `source-${n}`,
    storyId: null,
    storySize: 1,
    read: false,
    ...over,
  };
};
const order = (ranked: { item: Candidate }[]) => ranked.map((r) => r.item.id);

describe('rankForYou', () => {
  it('keeps the date order, with coverage or recency as the reason, for a reader with no history', () => {
    const items = [card(), card({ storySize: 3 }), card()];
    const ranked = rankForYou([...items].reverse(), none, NOW);
    expect(order(ranked)).toEqual(items.map((i) => i.id));
    expect(ranked.map((r) => r.reason.kind)).toEqual(['recent', 'coverage', 'recent']);
  });

  it('lifts followed sources above followed topics above the rest, saying which', () => {
    const plain = card();
    const topic = card({ topicId: 'eng' });
    const source = card({ datasourceId: 'fav-source' });
    const ranked = rankForYou(
      [plain, topic, source],
      { ...none, followedTopics: ['eng'], followedSources: ['fav-source'] },
      NOW,
    );
    expect(order(ranked)).toEqual([source.id, topic.id, plain.id]);
    expect(ranked[0]!.reason).toEqual({ kind: 'followed_source', datasource_id: 'fav-source' });
    expect(ranked[1]!.reason).toEqual({ kind: 'followed_topic', topic_id: 'eng' });
  });

  it('finds stories like a saved one: the same story, or its rare headline words', () => {
    const sameStory = card({ storyId: 'story-1', headline: 'Completely different words here' });
    const alike = card({ headline: 'Zebracorn database ships version two with vectors' });
    const other = card({ headline: 'Weather report for the weekend' });
    const fillers = Array.from({ length: 8 }, () => card());
    const saved = [
      {
        id: 'old',
        headline: 'Zebracorn database raises prices',
        language: 'EN' as const,
        storyId: 'story-1',
        topicId: null,
        datasourceId: null,
      },
    ];
    const ranked = rankForYou([other, ...fillers, alike, sameStory], { ...none, saved }, NOW);
    expect(order(ranked).slice(0, 2).sort()).toEqual([sameStory.id, alike.id].sort());
    expect(ranked.slice(0, 2).every((r) => r.reason.kind === 'like_saved')).toBe(true);
  });

  it('sinks what the reader has read below what is new to them', () => {
    const read = card({ topicId: 'eng', read: true });
    const unread = card({ topicId: 'eng' });
    const ranked = rankForYou([read, unread], { ...none, followedTopics: ['eng'] }, NOW);
    expect(order(ranked)).toEqual([unread.id, read.id]);
  });

  it('weighs reads by how much more of a topic the reader reads than the window offers', () => {
    const items = [
      ...Array.from({ length: 5 }, () => card({ topicId: 'common' })),
      ...Array.from({ length: 5 }, () => card({ topicId: 'niche' })),
    ];
    const reads = [
      ...Array.from({ length: 8 }, () => ({ topicId: 'niche', datasourceId: null })),
      ...Array.from({ length: 2 }, () => ({ topicId: 'common', datasourceId: null })),
    ];
    const ranked = rankForYou(items, { ...none, reads }, NOW);
    expect(ranked.slice(0, 5).every((r) => r.item.topicId === 'niche')).toBe(true);
    expect(ranked[0]!.reason).toEqual({ kind: 'read_topic', topic_id: 'niche' });
    // Read as often as it appears: no reason to lift it.
    expect(ranked.slice(5).every((r) => r.reason.kind === 'recent')).toBe(true);
  });

  it('never fills the top ten with one source while another is left', () => {
    const flood = Array.from({ length: 20 }, () => card({ datasourceId: 'loud' }));
    const quiet = Array.from({ length: 5 }, () => card({ createdAt: NOW - 200 * HOUR }));
    const ranked = rankForYou([...flood, ...quiet], { ...none, followedSources: ['loud'] }, NOW);
    const top = ranked.slice(0, TOP);
    expect(top.filter((r) => r.item.datasourceId === 'loud')).toHaveLength(MAX_PER_SOURCE_IN_TOP);
    // Only one source at all: it fills the page.
    expect(rankForYou(flood, { ...none, followedSources: ['loud'] }, NOW)).toHaveLength(20);
  });

  it('gives only the first of the order when asked, the same as the whole order begins with', () => {
    const items = Array.from({ length: 60 }, (_, i) =>
      card({ datasourceId: `source-${i % 4}`, topicId: i % 3 === 0 ? 'eng' : null, read: i % 5 === 0 }),
    );
    for (const history of [none, { ...none, followedTopics: ['eng'], followedSources: ['source-1'] }]) {
      const whole = rankForYou(items, history, NOW);
      for (const first of [1, 10, 25, 60, 100])
        expect(order(rankForYou(items, history, NOW, first))).toEqual(order(whole).slice(0, first));
    }
  });
});
