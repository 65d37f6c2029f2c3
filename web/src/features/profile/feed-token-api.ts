import type { FeedTokenCreated, FeedTokenStatus } from '@app/contracts';
import { api } from '../../api/client';

/** The private favourites feed's token (Pro): whether there is one, a new one (replacing it), none. */
export const feedTokenStatus = () => api.get<FeedTokenStatus>('/api/me/feed-token');
export const createFeedToken = () => api.post<FeedTokenCreated>('/api/me/feed-token');
export const revokeFeedToken = () => api.delete<void>('/api/me/feed-token');
