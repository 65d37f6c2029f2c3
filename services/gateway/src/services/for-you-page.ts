import { FOR_YOU_CANDIDATES, type ForYouReason, type SummaryListQuery } from '@app/contracts';
import { HISTORY_READS, HISTORY_SAVED, type ReaderHistory, rankForYou } from '@app/for-you';
import type { ReaderHistoryRow, ReadsRepository } from '../repositories/reads.repository.ts';
import type { SummariesRepository } from '../repositories/summaries.repository.ts';
import type { PlanCheck, SummaryFilters } from '../repositories/summaries.sql.ts';
import { listItemOf, toStoryGroupDto } from './summary.mapper.ts';

type Card = ReturnType<ReturnType<typeof listItemOf>> & { read?: boolean };

/**
 * A "For you" page (order=for_you): the newest FOR_YOU_CANDIDATES matches of the filters (stories
 * with group=story), ranked for the caller by @app/for-you, each with its reason, then paged. A visitor
 * or a reader with no history gets the date order. Null when the plan check failed (see listPage).
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
  const [page, history] = await Promise.all([
    query.group === 'story'
      ? repos.summaries
          .listStoryPage(filters, window, options.check)
          .then((p) => ({ ...p, cards: p.rows.map((row) => toStoryGroupDto(row, fields)) as Card[] }))
      : repos.summaries
          .listPage(filters, window, options.check)
          .then((p) => ({ ...p, cards: p.rows.map(listItemOf(fields)) as Card[] })),
    caller.userId ? repos.reads.history(caller.userId, { saved: HISTORY_SAVED, reads: HISTORY_READS }) : null,
  ]);
  if (!page.planHeld) return null;
  const cards = await options.withReadState(page.cards);
  const ranked = rankForYou(
    cards.map((card) => ({
      id: card.id,
      headline: card.headline,
      language: card.language,
      createdAt: Date.parse(card.created_at),
      topicId: card.topic?.id ?? null,
      datasourceId: card.datasource?.id ?? null,
      storyId: card.story_id ?? null,
      storySize: card.story_size ?? 1,
      read: card.read ?? false,
      card,
    })),
    toHistory(history),
    options.now.getTime(),
  );
  const offset = (query.page - 1) * query.page_size;
  const total = ranked.length;
  return {
    data: ranked
      .slice(offset, offset + query.page_size)
      .map(({ item, reason }) => ({ ...item.card, reason: reason satisfies ForYouReason })),
    page: query.page,
    page_size: query.page_size,
    total,
    total_capped: total >= window.limit,
    total_pages: Math.ceil(total / query.page_size),
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
