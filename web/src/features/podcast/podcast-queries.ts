import type { PodcastDto } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { PodcastDto };
export type PodcastListParams = { language: 'en' | 'zh'; date?: string; topicId?: string };

export const podcastKeys = {
  all: ['podcasts'] as const,
  lists: ['podcasts', 'list'] as const,
  list: (params: PodcastListParams) => ['podcasts', 'list', params] as const,
  transcript: (id: string) => ['podcasts', 'transcript', id] as const,
};

/** The signed audio URLs in the list last an hour: refetch well before they expire. */
const PODCAST_LIST_STALE_TIME = 5 * 60_000;

/** The whole answer: the podcasts and the caller's private feed URL (one request, one cache entry). */
export const podcastListQueryOptions = (params: PodcastListParams) =>
  queryOptions({
    queryKey: podcastKeys.list(params),
    queryFn: ({ signal }) =>
      api.get('/api/podcasts', {
        signal,
        query: { language: params.language, date: params.date, topic_id: params.topicId },
      }),
    staleTime: PODCAST_LIST_STALE_TIME,
    refetchInterval: 30 * 60_000,
  });

export const podcastsQueryOptions = (params: PodcastListParams) =>
  queryOptions({ ...podcastListQueryOptions(params), select: (r): PodcastDto[] => r.data });

export const podcastTranscriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: podcastKeys.transcript(id),
    queryFn: ({ signal }) => api.get(`/api/podcasts/${id}/transcript`, { signal }).then((r) => r.transcript),
    staleTime: Number.POSITIVE_INFINITY,
  });
