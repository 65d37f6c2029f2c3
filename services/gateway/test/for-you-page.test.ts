import { SummaryListQuerySchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { ReadsRepository } from '../src/modules/reading/reads.repository.ts';
import type { StoryCandidateRow, StoryGroupRow } from '../src/modules/summaries/story-groups.sql.ts';
import type { SummariesRepository } from '../src/modules/summaries/summaries.repository.ts';
import { forYouPage } from '../src/modules/reading/for-you-page.ts';

// The page's assembly alone (the statements are tested against Postgres in reading.test.ts): the
// candidates are read in one statement and the chosen page's rows in another, so a summary removed in
// between must take only its own card away.

const NOW = new Date('2026-06-11T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

const candidate = (id: string, hours: number, extra: Partial<StoryCandidateRow> = {}): StoryCandidateRow => ({
  id,
  headline: `Headline ${id}`,
  language: 'EN',
  created_at: hoursAgo(hours).toISOString(),
  topic_id: 'topic-other',
  datasource_id: `source-${id}`,
  story_id: null,
  story_size: 1,
  ...extra,
});
const rowOf = (c: StoryCandidateRow): StoryGroupRow => ({
  id: c.id,
  headline: c.headline,
  content: `Text of ${c.id}.`,
  summary_type: 'blog_post',
  language: 'EN',
  created_at: new Date(c.created_at),
  source_urls: [],
  metadata: null,
  topic_id: c.topic_id,
  topic_name: 'Topic',
  topic_name_zh: null,
  ds_id: c.datasource_id,
  ds_source_name: 'Source',
  ds_platform: 'blog',
  ds_source_url: 'https://example.com',
  story_id: null,
  story_size: 1,
  story_sources: 1,
  story_members: [],
});

describe('"For you" page assembly', () => {
  it('gives each card its own reason and read mark when a chosen summary is gone', async () => {
    const candidates = [
      candidate('followed-read', 30, { topic_id: 'topic-followed' }),
      candidate('followed', 20, { topic_id: 'topic-followed' }),
      candidate('gone', 10, { topic_id: 'topic-followed' }),
      candidate('recent', 1),
    ];
    const summaries = {
      storyCandidates: async () => ({
        candidates,
        read: new Set(['followed-read']),
        // The reader's history, read in the statement of the read marks.
        along: {
          follows: [{ topic_id: 'topic-followed', datasource_id: null }],
          saved: [],
          reads: [],
        },
        members: new Map(),
        total: 4,
        matches: 4,
        planHeld: true,
      }),
      // The summary 'gone' was removed after the candidates were read.
      storyRows: async (ids: string[]) =>
        ids.filter((id) => id !== 'gone').map((id) => rowOf(candidates.find((c) => c.id === id)!)),
    } as unknown as SummariesRepository;
    // Grouped by story, the history comes with the candidates: a second read of it would fail the page.
    const reads = {
      history: async () => {
        throw new Error('the history is read with the read marks');
      },
    } as unknown as ReadsRepository;
    const query = SummaryListQuerySchema.parse({ order: 'for_you', group: 'story', page_size: '10' });
    const page = await forYouPage(
      { summaries, reads },
      { userId: 'reader' },
      query,
      { language: 'EN' },
      {
        cap: 1000,
        now: NOW,
        withReadState: async (items) => items,
      },
    );
    const cards = page!.data.map((card) => ({ id: card.id, reason: card.reason.kind, read: card.read }));
    expect(cards).toEqual([
      { id: 'followed', reason: 'followed_topic', read: false },
      { id: 'recent', reason: 'recent', read: false },
      // Read: it sinks below what is new to the reader.
      { id: 'followed-read', reason: 'followed_topic', read: true },
    ]);
  });
});
