import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  ADMIN_SUBMISSIONS_REPOS,
  type AdminSubmissionsService,
  createAdminSubmissionsService,
} from './admin-submissions.service.ts';
import adminSubmissionsRoutes from './admin-submissions.routes.ts';
import submissionsRoutes from './submissions.routes.ts';

declare module '../module.ts' {
  interface Services {
    adminSubmissions: AdminSubmissionsService;
  }
}

/** Sources suggested by readers, and the admin's review of them. */
const submissionsModule: GatewayModule = {
  name: 'submissions',
  services: (ctx) => ({
    adminSubmissions: createAdminSubmissionsService(withRepos(ctx, ADMIN_SUBMISSIONS_REPOS)),
  }),
  routes: async (app) => {
    await app.register(submissionsRoutes, { prefix: '/api/source-submissions' });
    await app.register(adminSubmissionsRoutes, { prefix: '/api/admin' });
  },
};

export default submissionsModule;
