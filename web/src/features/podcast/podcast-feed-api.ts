import type { PodcastFeedToken } from '@app/contracts';
import { api } from '../../api/client';

/** The private podcast feed's token: a new one (replacing any), or none. */
export const createPodcastFeedToken = () => api.post<PodcastFeedToken>('/api/podcasts/feed-token');
export const revokePodcastFeedToken = () => api.delete<void>('/api/podcasts/feed-token');
