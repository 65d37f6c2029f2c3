import type { ApiBody, FollowsResponse, Platform, SummaryDto, UnreadCountsResponse } from '@app/contracts';
import { type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { FAVORITES_STALE_TIME } from './cache-times';
import type { SummaryListParams, UiLanguage } from './content';

export type { FollowsResponse, UnreadCountsResponse };

/** A topic or a data source the reader follows, with what a list of follows shows of it. */
export type FollowTarget =
  | { kind: 'topic'; id: string; name: string; name_zh?: string | null; slug?: string }
  | { kind: 'source'; id: string; name: string; platform?: string; topic_id?: string | null };

export type MarkAllReadBody = ApiBody<'POST /api/me/reads/all'>;

/** Keyed by the reader: what one account follows and has read is never shown to another. */
export const readingKeys = {
  all: ['reading'] as const,
  follows: (userId: string) => ['reading', 'follows', userId] as const,
  unreadCounts: (userId: string, language: UiLanguage, timezone: string) =>
    ['reading', 'unread-counts', userId, language, timezone] as const,
  unreadCountsAll: ['reading', 'unread-counts'] as const,
  settings: (userId: string) => ['reading', 'settings', userId] as const,
};

export type ReadingSettings = ApiBody<'PATCH /api/me/reading-settings'>;

/** How the list keeps the reader's read state (mark_read_on_scroll: a card scrolled past is read). */
export const readingSettingsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: readingKeys.settings(userId ?? ''),
    queryFn: ({ signal }) => api.get('/api/me/reading-settings', { signal }),
    staleTime: FAVORITES_STALE_TIME,
    enabled: userId !== null,
  });

export const saveReadingSettings = (settings: ReadingSettings) =>
  api.patch('/api/me/reading-settings', settings);

export const followsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: readingKeys.follows(userId ?? ''),
    queryFn: ({ signal }) => api.get('/api/me/follows', { signal }),
    staleTime: FAVORITES_STALE_TIME,
    enabled: userId !== null,
  });

/** Unread summaries since the start of yesterday in the zone: all, of what is followed, per topic. */
export const unreadCountsQueryOptions = (userId: string | null, language: UiLanguage, timezone: string) =>
  queryOptions({
    queryKey: readingKeys.unreadCounts(userId ?? '', language, timezone),
    queryFn: ({ signal }) => api.get('/api/me/unread-counts', { signal, query: { language, timezone } }),
    staleTime: FAVORITES_STALE_TIME,
    enabled: userId !== null,
  });

/** Follows or stops following; the answer is the whole list as it now is. */
export function setFollow(target: Pick<FollowTarget, 'kind' | 'id'>, on: boolean) {
  const body = target.kind === 'topic' ? { topic_id: target.id } : { datasource_id: target.id };
  return on ? api.post('/api/me/follows', body) : api.delete('/api/me/follows', { body });
}

/** Marks summaries read or unread. */
export function setRead(summaryIds: string[], read: boolean) {
  const body = { summary_ids: summaryIds };
  return read ? api.post('/api/me/reads', body) : api.delete('/api/me/reads', { body });
}

/** Marks read everything the list shows for these filters. */
export const markAllRead = (body: MarkAllReadBody) => api.post('/api/me/reads/all', body);

/** The list's filters as "mark all as read" takes them (its search and favourites filters too). */
export function markAllBodyOf(params: SummaryListParams): MarkAllReadBody {
  return {
    language: params.language,
    timezone: params.timezone,
    topic: params.topic,
    source: params.source,
    platforms: params.platforms?.length ? (params.platforms as Platform[]) : undefined,
    date: params.date,
    date_from: params.date_from,
    date_to: params.date_to,
    followed: params.followed,
    q: params.q || undefined,
    favorites_only: params.favorites_only,
    favorite_sources_only: params.favorite_sources_only,
  };
}

export function isFollowing(follows: FollowsResponse | undefined, target: Pick<FollowTarget, 'kind' | 'id'>) {
  if (!follows) return false;
  return target.kind === 'topic'
    ? follows.topics.some((topic) => topic.id === target.id)
    : follows.datasources.some((source) => source.id === target.id);
}

/** The list as it will be once the change is made (shown at once, replaced by the server's answer). */
export function followsWith(
  follows: FollowsResponse,
  target: FollowTarget,
  on: boolean,
  now = new Date().toISOString(),
): FollowsResponse {
  if (isFollowing(follows, target) === on) return follows;
  if (target.kind === 'topic') {
    const topics = on
      ? [
          {
            id: target.id,
            name: target.name,
            name_zh: target.name_zh ?? null,
            slug: target.slug ?? '',
            followed_at: now,
          },
          ...follows.topics,
        ]
      : follows.topics.filter((topic) => topic.id !== target.id);
    return { ...follows, topics };
  }
  const datasources = on
    ? [
        {
          id: target.id,
          source_name: target.name,
          platform: target.platform ?? '',
          topic_id: target.topic_id ?? null,
          followed_at: now,
        },
        ...follows.datasources,
      ]
    : follows.datasources.filter((source) => source.id !== target.id);
  return { ...follows, datasources };
}

/** A page of cards with the named summaries read (or unread); the same object when none is on it. */
export function listWithRead<List extends { data: SummaryDto[] }>(
  list: List,
  ids: ReadonlySet<string>,
  read: boolean,
): List {
  if (!list.data.some((item) => ids.has(item.id) && item.read !== read)) return list;
  return { ...list, data: list.data.map((item) => (ids.has(item.id) ? { ...item, read } : item)) };
}

const isSummaryList = (key: QueryKey) => key[0] === 'summaries' && key[1] === 'list';
const isOneSummary = (key: QueryKey) => key[0] === 'summaries' && key[1] === 'one';
/** A YouTube channel's cards (contentKeys.youtubeSummaries): a list of its own, read state and all. */
const isChannelList = (key: QueryKey) => key[0] === 'youtube' && key[1] === 'summaries';

type Snapshot = [QueryKey, unknown][];

/**
 * Shows the summaries read (or unread) in every cached list and opened summary at once; the snapshot
 * it answers puts them back (restoreSnapshot) should the server refuse.
 */
export function applyReadState(queryClient: QueryClient, ids: string[], read: boolean): Snapshot {
  const wanted = new Set(ids);
  const snapshot: Snapshot = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    const key = query.queryKey;
    const data = query.state.data;
    if (data === undefined) continue;
    if (isSummaryList(key) || isChannelList(key)) {
      const next = listWithRead(data as { data: SummaryDto[] }, wanted, read);
      if (next === data) continue;
      snapshot.push([key, data]);
      queryClient.setQueryData(key, next);
    } else if (isOneSummary(key) && wanted.has(String(key[2])) && (data as SummaryDto).read !== read) {
      snapshot.push([key, data]);
      queryClient.setQueryData(key, { ...(data as SummaryDto), read });
    }
  }
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot) {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The lists of My feed (what they hold changes with what the reader follows). */
export const isFollowedList = (query: { queryKey: QueryKey }) =>
  isSummaryList(query.queryKey) &&
  Boolean((query.queryKey[2] as { followed?: boolean } | undefined)?.followed);

/** Every list (a YouTube channel's too) and opened summary (after "mark all as read"). */
export const isSummaryQuery = (query: { queryKey: QueryKey }) =>
  isSummaryList(query.queryKey) || isChannelList(query.queryKey) || isOneSummary(query.queryKey);
