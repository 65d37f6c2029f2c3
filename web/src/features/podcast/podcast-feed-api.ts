import { api } from '../../api/client';

/** The private podcast feed's token: a new one (replacing any), or none. */
export const createPodcastFeedToken = () => api.post('/api/podcasts/feed-token');
export const revokePodcastFeedToken = () => api.delete('/api/podcasts/feed-token');
