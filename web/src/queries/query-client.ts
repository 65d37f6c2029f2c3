import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { DEFAULT_GC_TIME, DEFAULT_RETRY_COUNT, DEFAULT_STALE_TIME } from './cache-times';

/** Client errors (other than timeouts and rate limits) will not change on a retry. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= DEFAULT_RETRY_COUNT) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        gcTime: DEFAULT_GC_TIME,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
