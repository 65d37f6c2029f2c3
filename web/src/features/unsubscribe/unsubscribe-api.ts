import { NEWSLETTER_MESSAGES } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';

export const unsubscribeKeys = { view: (token: string) => ['newsletter', 'subscriptions', token] as const };

export const subscriptionsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unsubscribeKeys.view(token),
    queryFn: ({ signal }) =>
      api.get('/api/newsletter/unsubscribe', {
        signal,
        query: { token, action: 'view' },
      }),
    // A 400 (bad link) will not get better by retrying.
    retry: (count, error) => !(isApiError(error) && error.status === 400) && count < 2,
    staleTime: 0,
  });

export function unsubscribe(token: string, topic?: string) {
  return api.post('/api/newsletter/unsubscribe', topic ? { token, topic } : { token });
}

/** 'Invalid unsubscribe link' for a rejected token, else the given fallback text key. */
export function errorKey(
  error: unknown,
  fallback: 'loadFailed' | 'unsubscribeFailed',
): 'invalidLink' | typeof fallback | 'unexpected' {
  if (isApiError(error)) return error.status === 400 ? 'invalidLink' : fallback;
  return 'unexpected';
}

/** The digest's zone (the management page): the next digest comes at 8 AM there. */
export function saveTimeZone(token: string, timeZone: string) {
  return api.post('/api/newsletter/preferences', {
    token,
    time_zone: timeZone,
  });
}

/** The management page's My feed setting: only a subscription that belongs to an account can turn it on. */
export function saveFollowsMyFeed(token: string, followsMyFeed: boolean) {
  return api.post('/api/newsletter/preferences', { token, follows_my_feed: followsMyFeed });
}

/** Why a zone was not saved: a zone the server does not know, a bad link, or anything else. */
export function timeZoneErrorKey(error: unknown): 'zoneInvalid' | 'invalidLink' | 'zoneFailed' {
  if (!isApiError(error) || error.status !== 400) return 'zoneFailed';
  return error.message === NEWSLETTER_MESSAGES.unknownTimeZone ? 'zoneInvalid' : 'invalidLink';
}
