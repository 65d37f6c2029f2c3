import type { AppConfig } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';

/** The gateway caches /api/config for a minute too: it only changes with a deploy. */
const CONFIG_STALE_TIME = 60_000;

/** GET /api/config: the install's optional features (Google sign-in). */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/config', { signal }),
    staleTime: CONFIG_STALE_TIME,
  });
