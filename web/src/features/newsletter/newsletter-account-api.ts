import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The signed-in reader's digest subscription (the profile), and whether it follows their My feed. */
export const newsletterAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'newsletter'] as const,
    queryFn: ({ signal }) => api.get('/api/me/newsletter', { signal }),
  });

/** The digest follows My feed (the followed topics and sources), or the picked topics again. */
export const setAccountFollowsMyFeed = (followsMyFeed: boolean) =>
  api.patch('/api/me/newsletter', { follows_my_feed: followsMyFeed });
