import type { QueryValue } from '../../../api/client';
import { api } from '../../../api/client';

// What the debug pages probe: the service's health and the reading API's first answers, as they come.

type Query = Record<string, QueryValue>;

export const readiness = (signal?: AbortSignal) => api.request<unknown>('GET', '/readyz', { signal });
export const health = (signal?: AbortSignal) => api.request<unknown>('GET', '/healthz', { signal });
export const me = (signal?: AbortSignal) => api.get('/api/me', { signal });
export const topics = (signal?: AbortSignal) => api.get('/api/topics', { signal });
export const datasources = (query?: Query, signal?: AbortSignal) =>
  api.get('/api/datasources', { query, signal });
export const summaries = (query?: Query, signal?: AbortSignal) =>
  api.get('/api/summaries', { query, signal });
