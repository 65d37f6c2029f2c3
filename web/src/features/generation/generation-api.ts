import type {
  GeneratePostBody,
  GenerationPlatform,
  GenerationStatus,
  GenerationStyle,
  GenerationQuota,
} from '@app/contracts';
import { GENERATION_DEFAULTS } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

export const generationKeys = {
  all: ['generation'] as const,
  status: (taskId: string) => ['generation', 'status', taskId] as const,
  results: (ids: string[]) => ['generation', 'results', ids.join(',')] as const,
  summary: (id: string) => ['generation', 'summary', id] as const,
  recent: () => ['generation', 'recent-summaries'] as const,
  history: (filters: Record<string, unknown>) => ['generation', 'history', filters] as const,
  quota: () => ['generation', 'quota'] as const,
};

/** This month's generations of a Pro user (GET /api/me); null for admins, who have no quota. */
export const generationQuotaQueryOptions = () =>
  queryOptions({
    queryKey: generationKeys.quota(),
    queryFn: ({ signal }): Promise<GenerationQuota> =>
      api.get('/api/me', { signal }).then((me) => me.generation_quota ?? null),
    staleTime: 0,
  });

export type CreateTaskInput = {
  summary_id: string;
  target_platforms: GenerationPlatform[];
  style: GenerationStyle;
  user_input?: string;
  user_language: 'en' | 'zh';
};

export const createGenerationTask = (input: CreateTaskInput) =>
  api.post('/api/generation-tasks', {
    ...input,
    user_input: input.user_input?.trim() || undefined,
  });

/**
 * Post mode (POST /api/generate/post): the same queued task, but the answer comes once it has ended
 * (or with its state after the server's wait). `signal` stops waiting; the task stays queued.
 */
export const generateForPost = (input: GeneratePostBody, signal?: AbortSignal) =>
  api.post('/api/generate/post', { ...input, user_input: input.user_input?.trim() || undefined }, { signal });

export const cancelGenerationTask = (taskId: string) => api.post(`/api/generation-tasks/${taskId}/cancel`);

export const retryGenerationTask = (taskId: string) => api.post(`/api/generation-tasks/${taskId}/retry`);

export const deleteGeneratedContent = (id: string) => api.delete(`/api/generated-content/${id}`);

/** Publishes the user's own result to its topic page (under their display name), or makes it private again. */
export const setGeneratedContentPublished = (id: string, published: boolean) =>
  api.patch(`/api/generated-content/${id}`, { published });

/** Polled every 2 s while the task is queued or running; stops by itself once it ends. */
export const taskStatusQueryOptions = (taskId: string | null) =>
  queryOptions({
    queryKey: generationKeys.status(taskId ?? 'none'),
    queryFn: ({ signal }) => api.get(`/api/generation-tasks/${taskId}`, { signal }),
    enabled: Boolean(taskId),
    select: (response) => response.data,
    staleTime: 0,
    retry: 1,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return !status || status === 'pending' || status === 'processing'
        ? GENERATION_DEFAULTS.statusPollMs
        : false;
    },
  });

export const resultsQueryOptions = (ids: string[]) =>
  queryOptions({
    queryKey: generationKeys.results(ids),
    queryFn: ({ signal }) =>
      api.get('/api/generated-content', {
        query: { ids: ids.join(',') },
        signal,
      }),
    enabled: ids.length > 0,
    select: (response) => response.data,
  });

export const summaryForGenerationQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: generationKeys.summary(id ?? 'none'),
    queryFn: ({ signal }) => api.get(`/api/summaries/${id}`, { signal }),
    enabled: Boolean(id),
    retry: false,
  });

/** Post mode: the latest 25 summaries. */
export const recentSummariesQueryOptions = (language: 'en' | 'zh') =>
  queryOptions({
    queryKey: [...generationKeys.recent(), language],
    queryFn: ({ signal }) =>
      api.get('/api/summaries', { query: { page: 1, page_size: 25, language }, signal }),
  });

export type HistoryFilters = {
  page: number;
  status?: GenerationStatus;
  target_platforms?: string[];
  style?: GenerationStyle;
  source_platforms?: string[];
  topic?: string;
  datasource?: string;
  q?: string;
};

export const historyQueryOptions = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: generationKeys.history(filters),
    queryFn: ({ signal }) =>
      api.get('/api/generation-tasks', {
        query: {
          page: filters.page,
          status: filters.status,
          target_platforms: filters.target_platforms?.length ? filters.target_platforms.join(',') : undefined,
          style: filters.style,
          source_platforms: filters.source_platforms?.length ? filters.source_platforms.join(',') : undefined,
          topic: filters.topic,
          datasource: filters.datasource,
          q: filters.q,
        },
        signal,
      }),
    refetchInterval: GENERATION_DEFAULTS.historyPollMs,
    placeholderData: (previous) => previous,
  });

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
