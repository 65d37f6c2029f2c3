import type {
  ApiBody,
  ApiQuery,
  AdminBlogPost,
  AdminCrawlResponse,
  DataCleanupResponse,
  PostsCleanupResponse,
  AdminBlogPostBody,
  AdminDatasource,
  AdminDatasourceBody,
  AdminPodcastGenerateBody,
  AdminQueuesResponse,
  AdminSubmission,
  AdminSubscribersResponse,
  AdminTopic,
  AdminTopicBody,
} from '@app/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';
import { errorText as apiErrorText } from '../../api/error-text';
import type { LinguiT } from '../../i18n/message-for';

export type {
  AdminBlogPost,
  AdminDatasource,
  AdminQueuesResponse,
  AdminSubmission,
  AdminSubscribersResponse,
  AdminTopic,
};
export type { SourceHealthResponse, SourceHealthRow } from '@app/contracts';

// Admin data is edited here and must be fresh after every change: short stale times, and every
// mutation invalidates ['admin'].
const ADMIN_STALE = 10_000;

export const adminTopicsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'topics'],
    queryFn: ({ signal }) => api.get('/api/admin/topics', { signal }).then((r) => r.data),
    staleTime: ADMIN_STALE,
  });

export const adminDatasourcesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'datasources'],
    queryFn: ({ signal }) => api.get('/api/admin/datasources', { signal }).then((r) => r.data),
    staleTime: ADMIN_STALE,
  });

/** One page of submissions (SUBMISSION_PAGE_SIZE a page) and the total; the last page shows while the next loads. */
export const adminSubmissionsQuery = (status: 'pending' | 'approved' | 'rejected' | 'all', page = 1) =>
  queryOptions({
    queryKey: ['admin', 'submissions', status, page],
    queryFn: ({ signal }) =>
      api.get('/api/admin/submissions', {
        query: { status, page: String(page) },
        signal,
      }),
    staleTime: ADMIN_STALE,
    placeholderData: keepPreviousData,
  });

export const adminQueuesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'queues'],
    queryFn: ({ signal }) => api.get('/api/admin/queues', { signal }),
    staleTime: 0,
    refetchInterval: 5_000,
  });

/** GET /api/admin/subscribers: status and, for stopped addresses, the bounce or complaint. */
export const adminSubscribersQuery = (filter: ApiQuery<'GET /api/admin/subscribers'>) =>
  queryOptions({
    queryKey: ['admin', 'subscribers', filter],
    queryFn: ({ signal }) => api.get('/api/admin/subscribers', { query: filter, signal }),
    staleTime: ADMIN_STALE,
    placeholderData: keepPreviousData,
  });

/** The pipeline's endpoint (issue 3). */
export const sourceHealthQuery = () =>
  queryOptions({
    queryKey: ['admin', 'source-health'],
    queryFn: ({ signal }) => api.get('/api/admin/source-health', { signal }),
    staleTime: ADMIN_STALE,
    retry: false,
  });

export const adminBlogPostsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'blog-posts'],
    queryFn: ({ signal }) => api.get('/api/admin/blog/posts', { signal }).then((r) => r.data),
    staleTime: ADMIN_STALE,
  });

// Pipeline actions.
export type CrawlAnswer = AdminCrawlResponse;
/**
 * A crawl that queued nothing is a failure (the server names why, else `nothingQueued` says so);
 * a partial one a success.
 */
export const startCrawl = async (datasourceIds: string[], nothingQueued: string) => {
  const answer = await api.post('/api/admin/crawl', { datasourceIds, forceCreate: true });
  if (!answer.success && answer.tasksCreated === 0)
    throw new Error(answer.errors.join('; ') || nothingQueued);
  return answer;
};
export const processPending = () => api.post('/api/admin/process-pending', { limit: 10 });
type CleanupAnswer = DataCleanupResponse | PostsCleanupResponse;
export const cleanupData = () => api.post('/api/admin/cleanup/data', { confirm: true });
export const cleanupPosts = () => api.post('/api/admin/cleanup/posts', { confirm: true });
/** How many rows a cleanup deleted, summed over its tables. */
export const deletedCount = (answer: CleanupAnswer) =>
  Object.values<number>(answer.recordsDeleted ?? {}).reduce((sum, n) => sum + n, 0);

/**
 * A failure in the admin's language: an API error's text (api/error-text, never the server's sentence),
 * a client-made Error's own words, else the caller's fallback.
 */
export const errorText = (t: LinguiT, error: unknown, fallback: string) =>
  isApiError(error)
    ? apiErrorText(t, error)
    : error instanceof Error && error.message
      ? error.message
      : fallback;

// Operations: podcasts made now (or again after a failure) and the digest's sends.
export type {
  AdminPodcastGenerateBody,
  AdminPodcastGenerateResponse,
  AdminPodcastListResponse,
  AdminPodcastTask,
  DigestDueResponse,
  DigestPreviewResponse,
  DigestSendDueResponse,
  DigestSendResponse,
} from '@app/contracts';

/** The newest podcast tasks in every state; refreshed while the tab is open (a run moves on its own). */
export const adminPodcastsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'podcasts'],
    queryFn: ({ signal }) => api.get('/api/admin/podcasts', { signal }),
    staleTime: 0,
    refetchInterval: 5_000,
  });
export const generatePodcasts = (body: AdminPodcastGenerateBody) =>
  api.post('/api/admin/podcasts/generate', body);

export const previewDigest = (email: string) => api.post('/api/admin/digest/preview', { email });
export const sendDigestTo = (email: string) => api.post('/api/admin/digest/send', { email });
export const digestDue = () => api.get('/api/admin/digest/due');
export const sendDigestToDue = () => api.post('/api/admin/digest/send-due', {});

// Stories: the clusters to check, split and merge.
export type { AdminStoriesResponse, AdminStory, StoryChangeResponse } from '@app/contracts';
export type AdminStoriesFilter = { q?: string; language?: 'EN' | 'ZH'; topic_id?: string; min_size?: number };

/** GET /api/admin/stories, a page at a time (the cursor of the last page fetches the next). */
export const adminStoriesQuery = (filter: AdminStoriesFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'stories', filter],
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/admin/stories', {
        query: {
          limit: 20,
          q: filter.q || undefined,
          language: filter.language,
          topic_id: filter.topic_id || undefined,
          min_size: filter.min_size || undefined,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: ADMIN_STALE,
    placeholderData: keepPreviousData,
  });
export const splitStory = (vars: { storyId: string; summaryIds: string[] }) =>
  api.post(`/api/admin/stories/${vars.storyId}/split`, {
    summary_ids: vars.summaryIds,
  });
/** Moves every member of `otherId` into `storyId`; `otherId` is deleted. */
export const mergeStories = (vars: { storyId: string; otherId: string }) =>
  api.post(`/api/admin/stories/${vars.storyId}/merge`, { story_id: vars.otherId });

export type { StoryClusteringStatus } from '@app/contracts';
/** GET /api/admin/stories/clustering: how far the summaries are on the current rule; polled while a pass runs. */
export const storyClusteringQuery = () =>
  queryOptions({
    queryKey: ['admin', 'stories', 'clustering'],
    queryFn: ({ signal }) => api.get('/api/admin/stories/clustering', { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
  });
/** Starts a clustering pass now (summaries without a story, then those of an older rule). */
export const startStoryClustering = () => api.post('/api/admin/stories/clustering', {});

// Changes the admin tabs make (each tab's action invalidates ['admin'] when it settles).

export const saveTopic = (topic: AdminTopic | null, body: AdminTopicBody) =>
  topic ? api.patch(`/api/admin/topics/${topic.id}`, body) : api.post('/api/admin/topics', body);
export const setTopicActive = (topic: AdminTopic, isActive: boolean) =>
  api.patch(`/api/admin/topics/${topic.id}`, { is_active: isActive });
export const deleteTopic = (topic: AdminTopic) => api.delete(`/api/admin/topics/${topic.id}`);
export const setTopicsActive = (ids: string[], isActive: boolean) =>
  api.post('/api/admin/topics/batch-status', { ids, is_active: isActive });

/** The form may send no platform yet: the server answers which field is missing. */
export const saveDatasource = (
  source: AdminDatasource | null,
  body: Omit<AdminDatasourceBody, 'platform'> & { platform: string },
) =>
  // A missing platform is the server's to name (a 400 with the field); the type lets it through.
  source
    ? api.patch(`/api/admin/datasources/${source.id}`, body as AdminDatasourceBody)
    : api.post('/api/admin/datasources', body as AdminDatasourceBody);
export const setDatasourceActive = (source: AdminDatasource, isActive: boolean) =>
  api.patch(`/api/admin/datasources/${source.id}`, { is_active: isActive });
export const deleteDatasource = (source: AdminDatasource) =>
  api.delete(`/api/admin/datasources/${source.id}`);
export const setDatasourcesActive = (ids: string[], isActive: boolean) =>
  api.post('/api/admin/datasources/batch-status', { ids, is_active: isActive });

export const approveSubmission = (id: string, choice: ApiBody<'POST /api/admin/submissions/:id/approve'>) =>
  api.post(`/api/admin/submissions/${id}/approve`, choice);
export const rejectSubmission = (id: string) => api.post(`/api/admin/submissions/${id}/reject`, {});

export const retryJob = (job: { queue: string; id: string }) =>
  api.post(`/api/admin/queues/${encodeURIComponent(job.queue)}/jobs/${encodeURIComponent(job.id)}/retry`);

export const saveBlogPost = (post: AdminBlogPost | null, body: AdminBlogPostBody) =>
  post ? api.patch(`/api/admin/blog/posts/${post.id}`, body) : api.post('/api/admin/blog/posts', body);
