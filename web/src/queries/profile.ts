import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import type { ProfileDto as Profile } from '@app/contracts';
import { PROFILE_FETCH_TIMEOUT_MS } from './cache-times';

export const profileKeys = {
  all: ['profile'] as const,
  byUser: (userId: string) => ['profile', userId] as const,
};

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const timeout = AbortSignal.timeout(PROFILE_FETCH_TIMEOUT_MS);
  const me = await api.get('/api/me', {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return me.profile;
}

/**
 * The signed-in user's profile, cached per user until sign-out. Sign-in and refresh answers
 * already carry the profile, so the auth store seeds this entry and the fetch rarely runs.
 */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.byUser(userId),
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A slow or failing profile fetch is abandoned, not retried: the app works without it.
    retry: false,
  });
}
