import { api } from '../../api/client';

/** The private favourites feed's token (Pro): whether there is one, a new one (replacing it), none. */
export const feedTokenStatus = () => api.get('/api/me/feed-token');
export const createFeedToken = () => api.post('/api/me/feed-token');
export const revokeFeedToken = () => api.delete('/api/me/feed-token');
