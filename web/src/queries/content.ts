import type {
  DatasourceDto,
  GeneratedContentDto,
  SourceTree,
  SummaryDetail,
  SummaryDto,
  SummaryListResponse,
  TopicDto,
  TopicStats,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import {
  DATASOURCES_STALE_TIME,
  FAVORITES_STALE_TIME,
  FILTER_OPTIONS_STALE_TIME,
  HOMEPAGE_STATS_STALE_TIME,
  TOPICS_STALE_TIME,
} from './cache-times';

/** Try again after a server or network failure, up to `times`; a 4xx answer (a rule) is final. */
const retryServerErrors = (times: number) => (count: number, error: Error) =>
  ((error as { status?: number }).status ?? 500) >= 500 && count < times;

export type {
  DatasourceDto,
  SourceTree,
  SummaryDetail,
  SummaryDto,
  SummaryListResponse,
  TopicDto,
  TopicStats,
};
export type UiLanguage = 'en' | 'zh';

export type SummaryListParams = {
  page: number;
  q?: string;
  topic?: string;
  platforms?: string[];
  source?: string;
  date?: string;
  date_from?: string;
  date_to?: string;
  timezone: string;
  language: UiLanguage;
  favorites_only?: boolean;
  favorite_sources_only?: boolean;
  /** Only what the signed-in reader follows (My feed). */
  followed?: boolean;
  /** Only what the signed-in reader has not read. */
  unread?: boolean;
  /** `for_you`: ranked for the signed-in reader, each card with its reason. */
  order?: 'for_you';
  /** With q: the first page also carries the other language's reports. */
  cross_language?: boolean;
  /** One row per story (the summary page's cards). */
  group?: 'story';
  /** Items with their whole text (content, content_html); else what a card shows until opened. */
  fields?: 'full';
};

export type YoutubeSource = {
  id: string;
  source_name: string;
  source_url: string;
  language: 'EN' | 'ZH';
  topic: { id: string; name: string; name_zh: string | null };
  summary_count: number;
};
/** A published item of the topic page's generated tab (the author by display name only). */
export type GeneratedContent = GeneratedContentDto;

export const contentKeys = {
  topics: ['topics'] as const,
  topic: (idOrSlug: string) => ['topics', idOrSlug] as const,
  topicStats: (timezone: string, language: UiLanguage) => ['topics', 'stats', timezone, language] as const,
  tree: (language: UiLanguage) => ['sources', 'tree', language] as const,
  summaries: (params: SummaryListParams) => ['summaries', 'list', params] as const,
  /** A signed-in reader's list (its cards say what they have read), apart from a visitor's. */
  readerSummaries: (params: SummaryListParams, reader: string) =>
    ['summaries', 'list', params, reader] as const,
  summary: (id: string, timezone: string) => ['summaries', 'one', id, timezone] as const,
  story: (id: string, timezone: string) => ['stories', id, timezone] as const,
  favoriteSources: ['favorites', 'datasources'] as const,
  favoriteSummaries: ['favorites', 'summaries'] as const,
  generated: (topicId: string, timezone: string) => ['topics', topicId, 'generated', timezone] as const,
  youtubeSources: (language: UiLanguage) => ['youtube', 'sources', language] as const,
  youtubeSummaries: (name: string, language: UiLanguage, timezone: string, userKey: string) =>
    ['youtube', 'summaries', name, language, timezone, userKey] as const,
};

export const topicsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.topics,
    queryFn: ({ signal }) => api.get('/api/topics', { signal }).then((r) => r.data),
    staleTime: TOPICS_STALE_TIME,
  });

export const topicQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: contentKeys.topic(idOrSlug),
    queryFn: ({ signal }) => api.get(`/api/topics/${encodeURIComponent(idOrSlug)}`, { signal }),
    staleTime: TOPICS_STALE_TIME,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });

/**
 * Today's per-topic counts in the zone, and the day's bounds: the gateway works out "today" in the zone
 * (`date_from` is its start), so the home page needs no time-zone arithmetic of its own.
 */
export const topicStatsQueryOptions = (timezone: string, language: UiLanguage) =>
  queryOptions({
    queryKey: contentKeys.topicStats(timezone, language),
    queryFn: ({ signal }) => api.get('/api/topics/stats', { signal, query: { timezone, language } }),
    staleTime: HOMEPAGE_STATS_STALE_TIME,
  });

export const sourceTreeQueryOptions = (language: UiLanguage) =>
  queryOptions({
    queryKey: contentKeys.tree(language),
    queryFn: ({ signal }) => api.get('/api/sources/tree', { signal, query: { language } }),
    staleTime: FILTER_OPTIONS_STALE_TIME,
  });

export const summariesQueryOptions = (params: SummaryListParams, reader?: string) =>
  queryOptions({
    queryKey: reader ? contentKeys.readerSummaries(params, reader) : contentKeys.summaries(params),
    queryFn: ({ signal }) =>
      api.get('/api/summaries', {
        signal,
        query: {
          ...params,
          platforms: params.platforms?.length ? params.platforms.join(',') : undefined,
          favorites_only: params.favorites_only ? 'true' : undefined,
          favorite_sources_only: params.favorite_sources_only ? 'true' : undefined,
          followed: params.followed ? 'true' : undefined,
          unread: params.unread ? 'true' : undefined,
          cross_language: params.cross_language ? 'true' : undefined,
          q: params.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
    // 4xx answers (plan window, short search) are final.
    retry: retryServerErrors(3),
  });

/** One summary (the page a digest entry links to); the free plan's window is read in `timezone`. */
export const summaryQueryOptions = (id: string, timezone: string) =>
  queryOptions({
    queryKey: contentKeys.summary(id, timezone),
    queryFn: ({ signal }) =>
      api.get(`/api/summaries/${encodeURIComponent(id)}`, { signal, query: { timezone } }),
    retry: retryServerErrors(2),
  });

/**
 * A story with its summaries (a card's other sources, loaded when opened); a free reader's only
 * from the days their plan shows, counted in `timezone`.
 */
export const storyQueryOptions = (id: string, timezone: string) =>
  queryOptions({
    queryKey: contentKeys.story(id, timezone),
    queryFn: ({ signal }) =>
      api.get(`/api/stories/${encodeURIComponent(id)}`, { signal, query: { timezone } }),
    retry: retryServerErrors(2),
  });

export const favoriteSourcesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: contentKeys.favoriteSources,
    queryFn: ({ signal }) =>
      api
        .get('/api/favorites/datasources', { signal })
        .then((r) => new Set(r.favorites.map((f) => f.datasources.id))),
    staleTime: FAVORITES_STALE_TIME,
    enabled,
  });

export const favoriteSummariesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: contentKeys.favoriteSummaries,
    queryFn: ({ signal }) =>
      api
        .get('/api/favorites/summaries', { signal })
        .then((r) => new Set(r.favorites.map((f) => f.summaries.id))),
    staleTime: FAVORITES_STALE_TIME,
    enabled,
  });

/** Published items only; visitors and free users get those of yesterday's and today's summaries in `timezone`. */
export const generatedContentQueryOptions = (topicId: string, timezone: string) =>
  queryOptions({
    queryKey: contentKeys.generated(topicId, timezone),
    queryFn: ({ signal }) =>
      api
        .get(`/api/topics/${topicId}/generated-content`, {
          query: { timezone },
          signal,
        })
        .then((r) => r.data),
  });

/** Every topic page's generated tab (after the user publishes or unpublishes something). */
export const isGeneratedContentQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === 'topics' && query.queryKey[2] === 'generated';

export const youtubeSourcesQueryOptions = (language: UiLanguage) =>
  queryOptions({
    queryKey: contentKeys.youtubeSources(language),
    queryFn: ({ signal }) =>
      api.get('/api/youtube/sources', { signal, query: { language } }).then((r) => r.data),
    staleTime: DATASOURCES_STALE_TIME,
  });

export const youtubeSummariesQueryOptions = (
  name: string,
  language: UiLanguage,
  timezone: string,
  userKey: string,
) =>
  queryOptions({
    queryKey: contentKeys.youtubeSummaries(name, language, timezone, userKey),
    queryFn: ({ signal }) =>
      api.get(`/api/youtube/${encodeURIComponent(name)}/summaries`, {
        signal,
        query: { language, timezone },
      }),
    retry: retryServerErrors(3),
  });

/** Active datasources (of one topic when given), for pickers. */
export const datasourcesQueryOptions = (topicId?: string) =>
  queryOptions({
    queryKey: ['datasources', topicId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.get('/api/datasources', { signal, query: { topic_id: topicId } }).then((r) => r.data),
    staleTime: DATASOURCES_STALE_TIME,
  });
