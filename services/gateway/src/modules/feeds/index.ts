import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createFeedsService, FEEDS_REPOS, type FeedsService } from './feeds.service.ts';
import feedsRoutes from './feeds.routes.ts';

declare module '../module.ts' {
  interface Services {
    feeds: FeedsService;
  }
}

/** Feeds out (RSS, Atom, JSON Feed): outside /api, each route sets its own caching. */
const feedsModule: GatewayModule = {
  name: 'feeds',
  services: (ctx) => ({ feeds: createFeedsService(withRepos(ctx, FEEDS_REPOS)) }),
  routes: async (app) => {
    await app.register(feedsRoutes, { prefix: '/feeds' });
  },
};

export default feedsModule;
