import { FOR_YOU_CANDIDATES, type ForYouReason, type SummaryListQuery } from '@app/contracts';
import {
  type Candidate,
  HISTORY_READS,
  HISTORY_SAVED,
  type PreparedCandidates,
  prepareCandidates,
  type ReaderHistory,
  rankForYou,
} from '@app/for-you';
import { type ReaderHistoryRow, type ReadsRepository, readerHistoryColumns } from './reads.repository.ts';
import type { StoryCandidateRow } from '../summaries/story-groups.sql.ts';
import type { SummariesRepository } from '../summaries/summaries.repository.ts';
import type { PlanCheck, SummaryFilters } from '../summaries/summaries.sql.ts';
import { listItemOf, toStoryGroupDto } from '../summaries/summary.mapper.ts';

type Card = ReturnType<ReturnType<typeof listItemOf>> & { read?: boolean };

/**
 * A "For you" page (order=for_you): the newest FOR_YOU_CANDIDATES matches of the filters (stories
 * with group=story), ranked for the caller by @app/for-you, each with its reason, then paged. A visitor
 * or a reader with no history gets the date order. Null when the plan check failed (see listPage).
 * Stories are ranked from a few short columns each; only the chosen page's rows are then read whole.
 */
export async function forYouPage(
  repos: { summaries: SummariesRepository; reads: ReadsRepository },
  caller: { userId: string | null },
  query: SummaryListQuery,
  filters: SummaryFilters,
  options: {
    check?: PlanCheck;
    cap: number;
    now: Date;
    withReadState: <T extends { id: string }>(items: T[]) => Promise<(T & { read?: boolean })[]>;
  },
) {
  const window = { limit: Math.min(FOR_YOU_CANDIDATES, options.cap), offset: 0, cap: options.cap };
  const fields = query.fields ?? 'card';
  const offset = (query.page - 1) * query.page_size;
  const limits = { saved: HISTORY_SAVED, reads: HISTORY_READS };
  // Ranked as far as this page: the order's later cards are chosen only for the pages after it.
  const first = offset + query.page_size;
  const now = options.now.getTime();

  let ranked: { card: Card; reason: ForYouReason }[];
  let total: number;
  if (query.group === 'story') {
    // The reader's history comes in the statement that reads their marks and checks their plan.
    const found = await repos.summaries.storyCandidates<ReaderHistoryRow>(
      filters,
      window,
      caller.userId,
      options.check,
      caller.userId ? readerHistoryColumns(caller.userId, limits) : undefined,
    );
    if (!found.planHeld) return null;
    const order = rankForYou(preparedOf(found.candidates), toHistory(found.along), now, first, found.read);
    total = found.candidates.length;
    const chosen = order.slice(offset, offset + query.page_size);
    const rows = await repos.summaries.storyRows(
      chosen.map(({ item }) => item.id),
      found.members,
    );
    // By id: a summary removed since the candidates were read has no row, and the others keep theirs.
    const byId = new Map(chosen.map((entry) => [entry.item.id, entry]));
    ranked = rows.flatMap((r) => {
      const entry = byId.get(r.id);
      if (!entry) return [];
      const card = toStoryGroupDto(r, fields);
      return [
        {
          card: caller.userId ? { ...card, read: found.read.has(entry.item.id) } : card,
          reason: entry.reason,
        },
      ];
    });
  } else {
    const [page, row] = await Promise.all([
      repos.summaries.listPage(filters, window, options.check),
      caller.userId ? repos.reads.history(caller.userId, limits) : null,
    ]);
    if (!page.planHeld) return null;
    const cards = await options.withReadState(page.rows.map(listItemOf(fields)) as Card[]);
    const order = rankForYou(
      cards.map((card) => ({
        ...toCandidate({
          ...card,
          topic_id: card.topic?.id ?? null,
          datasource_id: card.datasource?.id ?? null,
          read: card.read ?? false,
        }),
        card,
      })),
      toHistory(row),
      now,
      first,
    );
    total = cards.length;
    ranked = order
      .slice(offset, offset + query.page_size)
      .map(({ item, reason }) => ({ card: item.card, reason }));
  }
  return {
    data: ranked.map(({ card, reason }) => ({ ...card, reason: reason satisfies ForYouReason })),
    page: query.page,
    page_size: query.page_size,
    total,
    total_capped: total >= window.limit,
    total_pages: Math.ceil(total / query.page_size),
  };
}

/**
 * Each candidate window prepared for ranking once (@app/for-you's prepareCandidates), by the
 * repository's array for it: the same object for every reader while the window is kept.
 */
const preparedWindows = new WeakMap<readonly StoryCandidateRow[], PreparedCandidates<Candidate>>();

function preparedOf(rows: readonly StoryCandidateRow[]): PreparedCandidates<Candidate> {
  let prepared = preparedWindows.get(rows);
  if (!prepared) {
    prepared = prepareCandidates(rows.map(toCandidate));
    preparedWindows.set(rows, prepared);
  }
  return prepared;
}

/** A summary as @app/for-you ranks it. */
function toCandidate(row: {
  id: string;
  headline: string;
  language: string;
  created_at: string | Date;
  topic_id: string | null;
  datasource_id: string | null;
  story_id?: string | null;
  story_size?: number | null;
  read?: boolean;
}): Candidate {
  return {
    id: row.id,
    headline: row.headline,
    language: row.language === 'ZH' ? 'ZH' : 'EN',
    createdAt: new Date(row.created_at).getTime(),
    topicId: row.topic_id,
    datasourceId: row.datasource_id,
    storyId: row.story_id ?? null,
    storySize: row.story_size ?? 1,
    read: row.read ?? false,
  };
}

function toHistory(row: ReaderHistoryRow | null): ReaderHistory {
  if (!row) return { followedTopics: [], followedSources: [], saved: [], reads: [] };
  return {
    followedTopics: row.follows.flatMap((f) => (f.topic_id ? [f.topic_id] : [])),
    followedSources: row.follows.flatMap((f) => (f.datasource_id ? [f.datasource_id] : [])),
    saved: row.saved.map((s) => ({
      id: s.id,
      headline: s.headline,
      language: s.language,
      storyId: s.story_id,
      topicId: s.topic_id,
      datasourceId: s.datasource_id,
    })),
    reads: row.reads.map((r) => ({ topicId: r.topic_id, datasourceId: r.datasource_id })),
  };
}
