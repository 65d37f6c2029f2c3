import type { PodcastDto, PodcastTranscriptResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export type { PodcastDto };
export type PodcastListParams = { language: 'en' | 'zh'; date?: string; topicId?: string };

export const podcastKeys = {
  all: ['podcasts'] as const,
  list: (params: PodcastListParams) => ['podcasts', 'list', params] as const,
  transcript: (id: string) => ['podcasts', 'transcript', id] as const,
};

/** The signed audio URLs in the list last an hour: refetch well before they expire. */
const PODCAST_LIST_STALE_TIME = 5 * 60_000;

export const podcastsQueryOptions = (params: PodcastListParams) =>
  queryOptions({
    queryKey: podcastKeys.list(params),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PodcastDto[] }>('/api/podcasts', {
          signal,
          query: { language: params.language, date: params.date, topic_id: params.topicId },
        })
        .then((r) => r.data),
    staleTime: PODCAST_LIST_STALE_TIME,
    refetchInterval: 30 * 60_000,
  });

export const podcastTranscriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: podcastKeys.transcript(id),
    queryFn: ({ signal }) =>
      api
        .get<PodcastTranscriptResponse>(`/api/podcasts/${id}/transcript`, { signal })
        .then((r) => r.transcript),
    staleTime: Number.POSITIVE_INFINITY,
  });
