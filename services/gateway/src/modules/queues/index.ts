import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createQueuesService, QUEUES_REPOS, type QueuesService } from './queues.service.ts';
import adminQueuesRoutes from './admin-queues.routes.ts';

declare module '../module.ts' {
  interface Services {
    queues: QueuesService;
  }
}

/** The job queues: failed jobs and retries (admin). */
const queuesModule: GatewayModule = {
  name: 'queues',
  services: (ctx) => ({ queues: createQueuesService(withRepos(ctx, QUEUES_REPOS)) }),
  routes: async (app) => {
    await app.register(adminQueuesRoutes, { prefix: '/api/admin' });
  },
};

export default queuesModule;
