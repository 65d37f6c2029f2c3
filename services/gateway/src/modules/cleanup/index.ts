import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { CLEANUP_REPOS, type CleanupService, createCleanupService } from './cleanup.service.ts';
import adminCleanupRoutes from './admin-cleanup.routes.ts';

declare module '../module.ts' {
  interface Services {
    cleanup: CleanupService;
  }
}

/** Clean-ups of old content (admin). */
const cleanupModule: GatewayModule = {
  name: 'cleanup',
  services: (ctx) => ({ cleanup: createCleanupService(withRepos(ctx, CLEANUP_REPOS)) }),
  routes: async (app) => {
    await app.register(adminCleanupRoutes, { prefix: '/api/admin' });
  },
};

export default cleanupModule;
