import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  ADMIN_PODCASTS_REPOS,
  type AdminPodcastsService,
  createAdminPodcastsService,
} from './admin-podcasts.service.ts';
import {
  createPodcastFeedService,
  PODCAST_FEED_REPOS,
  type PodcastFeedService,
} from './podcast-feed.service.ts';
import { createPodcastsService, PODCASTS_REPOS, type PodcastsService } from './podcasts.service.ts';
import adminPodcastsRoutes from './admin-podcasts.routes.ts';
import podcastsRoutes from './podcasts.routes.ts';

declare module '../module.ts' {
  interface Services {
    podcasts: PodcastsService;
    podcastFeed: PodcastFeedService;
    adminPodcasts: AdminPodcastsService;
  }
}

/** The daily podcast: episodes, audio, the podcast feed, and the admin's runs. */
const podcastsModule: GatewayModule = {
  name: 'podcasts',
  services: (ctx, { resources }) => {
    const podcastFeed = createPodcastFeedService(withRepos(ctx, PODCAST_FEED_REPOS), resources.storage);
    return {
      podcasts: createPodcastsService(withRepos(ctx, PODCASTS_REPOS), resources.storage, podcastFeed),
      podcastFeed,
      adminPodcasts: createAdminPodcastsService(withRepos(ctx, ADMIN_PODCASTS_REPOS)),
    };
  },
  routes: async (app) => {
    await app.register(podcastsRoutes, { prefix: '/api/podcasts' });
    await app.register(adminPodcastsRoutes, { prefix: '/api/admin' });
  },
};

export default podcastsModule;
