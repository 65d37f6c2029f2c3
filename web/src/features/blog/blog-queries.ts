import type { BlogListResponse, BlogPostResponse, BlogSort } from '@app/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { DEFAULT_STALE_TIME } from '../../queries/cache-times';

export type { BlogListResponse, BlogPostResponse, BlogSort };
export type BlogListParams = { language: 'en' | 'zh'; category?: string; sort: BlogSort; q?: string };

export const BLOG_SORT_OPTIONS: readonly BlogSort[] = ['newest', 'oldest', 'popular', 'reading_time'];
export const BLOG_SKELETON_CARDS = 6;
export const CARD_TAG_LIMIT = 3;

/**
 * The list in pages of 20: each page's `next_cursor` asks for the next (keyset paging on the server),
 * so "load more" appends and the earlier pages stay as they were.
 */
export const blogListQueryOptions = (params: BlogListParams) =>
  infiniteQueryOptions({
    queryKey: ['blog', 'posts', params],
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/blog/posts', {
        query: {
          language: params.language,
          category: params.category,
          sort: params.sort,
          q: params.q,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: DEFAULT_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export const blogPostQueryOptions = (slug: string, language: 'en' | 'zh') =>
  queryOptions({
    queryKey: ['blog', 'post', slug, language],
    queryFn: ({ signal }) =>
      api.get(`/api/blog/posts/${encodeURIComponent(slug)}`, {
        query: { language },
        signal,
      }),
    staleTime: DEFAULT_STALE_TIME,
    // A 404 is an answer, not a hiccup.
    retry: (count, error) =>
      !(error && 'status' in error && (error as { status: number }).status === 404) && count < 3,
  });

/** Counts one view; the answer is the new total. */
export const recordView = (id: string) => api.post(`/api/blog/posts/${id}/view`);

/** Up to `limit` tags and how many more there are ('+N'). */
export function visibleTags(tags: readonly string[], limit = CARD_TAG_LIMIT) {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}
