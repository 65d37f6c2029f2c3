import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createHealthService, HEALTH_REPOS, type HealthService } from './health.service.ts';
import opsRoutes from './ops.routes.ts';

declare module '../module.ts' {
  interface Services {
    health: HealthService;
  }
}

/** Health, readiness and metrics. */
const opsModule: GatewayModule = {
  name: 'ops',
  services: (ctx, { resources }) => ({
    health: createHealthService(withRepos(ctx, HEALTH_REPOS), resources.transport),
  }),
  routes: async (app) => {
    await app.register(opsRoutes);
  },
};

export default opsModule;
