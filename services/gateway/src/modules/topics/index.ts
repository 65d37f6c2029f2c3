import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  ADMIN_TOPICS_REPOS,
  type AdminTopicsService,
  createAdminTopicsService,
} from './admin-topics.service.ts';
import { createTopicsService, TOPICS_REPOS, type TopicsService } from './topics.service.ts';
import adminTopicsRoutes from './admin-topics.routes.ts';
import topicsRoutes from './topics.routes.ts';

declare module '../module.ts' {
  interface Services {
    topics: TopicsService;
    adminTopics: AdminTopicsService;
  }
}

/** Topics: the reader's list and the admin's table. */
const topicsModule: GatewayModule = {
  name: 'topics',
  services: (ctx) => ({
    topics: createTopicsService(withRepos(ctx, TOPICS_REPOS)),
    adminTopics: createAdminTopicsService(withRepos(ctx, ADMIN_TOPICS_REPOS)),
  }),
  routes: async (app) => {
    await app.register(topicsRoutes, { prefix: '/api/topics' });
    await app.register(adminTopicsRoutes, { prefix: '/api/admin' });
  },
};

export default topicsModule;
