import type { QueryValue } from '../../../api/client';
import { api } from '../../../api/client';
import type { DatasourceDto, SummaryListResponse, TopicDto } from '../../../queries/content';

// What the debug pages probe: the service's health and the reading API's first answers, as they come.

type Query = Record<string, QueryValue>;

export const readiness = (signal?: AbortSignal) => api.get<unknown>('/readyz', { signal });
export const health = (signal?: AbortSignal) => api.get<unknown>('/healthz', { signal });
export const me = (signal?: AbortSignal) => api.get<unknown>('/api/me', { signal });
export const topics = (signal?: AbortSignal) => api.get<{ data: TopicDto[] }>('/api/topics', { signal });
export const datasources = (query?: Query, signal?: AbortSignal) =>
  api.get<{ data: DatasourceDto[] }>('/api/datasources', { query, signal });
export const summaries = (query?: Query, signal?: AbortSignal) =>
  api.get<SummaryListResponse>('/api/summaries', { query, signal });
