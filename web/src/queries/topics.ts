import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { FILTER_OPTIONS_STALE_TIME } from './cache-times';
import type { UiLanguage } from './content';

/** The topic detail page's source and date choices, from the whole topic (not the page on screen). */
export const topicFilterOptionsQueryOptions = (topicId: string, language: UiLanguage, timezone: string) =>
  queryOptions({
    queryKey: ['topics', topicId, 'filter-options', language, timezone] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/topics/${encodeURIComponent(topicId)}/filter-options`, {
        signal,
        query: { language, timezone },
      }),
    staleTime: FILTER_OPTIONS_STALE_TIME,
  });
