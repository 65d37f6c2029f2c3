import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createUsageService, USAGE_REPOS, type UsageService } from './usage.service.ts';
import adminUsageRoutes from './admin-usage.routes.ts';

declare module '../module.ts' {
  interface Services {
    usage: UsageService;
  }
}

/** Model usage and cost (admin). */
const usageModule: GatewayModule = {
  name: 'usage',
  services: (ctx) => ({ usage: createUsageService(withRepos(ctx, USAGE_REPOS)) }),
  routes: async (app) => {
    await app.register(adminUsageRoutes, { prefix: '/api/admin' });
  },
};

export default usageModule;
