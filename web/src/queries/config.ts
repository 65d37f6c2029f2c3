import type { PaymentsMode } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** The gateway caches /api/config for a minute too: it only changes with a deploy. */
const CONFIG_STALE_TIME = 60_000;

/** GET /api/config: the install's optional features (Google sign-in). */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api.get('/api/config', { signal }),
    staleTime: CONFIG_STALE_TIME,
  });

/**
 * How this install takes payments: `stripe`, `demo` (the labelled demo checkout) or `off` (paid
 * buttons give way to a plain message). Undefined until the gateway has answered; should it not
 * answer, payments count as on and the checkout's own error explains what is wrong. Kept here, in the
 * chunk the config query already has, rather than in a file of its own that every page would list.
 */
export function usePaymentsMode(): PaymentsMode | undefined {
  const config = useQuery(appConfigQueryOptions());
  return config.data?.payments ?? (config.isError ? 'stripe' : undefined);
}
