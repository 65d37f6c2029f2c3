import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createStoriesService, STORIES_REPOS, type StoriesService } from './stories.service.ts';
import adminStoriesRoutes from './admin-stories.routes.ts';
import storiesRoutes from './stories.routes.ts';

declare module '../module.ts' {
  interface Services {
    stories: StoriesService;
  }
}

/** Stories: the summaries of one event; the admin splits and merges them. */
const storiesModule: GatewayModule = {
  name: 'stories',
  services: (ctx) => ({ stories: createStoriesService(withRepos(ctx, STORIES_REPOS)) }),
  routes: async (app) => {
    await app.register(storiesRoutes, { prefix: '/api/stories' });
    await app.register(adminStoriesRoutes, { prefix: '/api/admin' });
  },
};

export default storiesModule;
