import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  ADMIN_DATASOURCES_REPOS,
  type AdminDatasourcesService,
  createAdminDatasourcesService,
} from './admin-datasources.service.ts';
import adminDatasourcesRoutes from './admin-datasources.routes.ts';
import adminSourceHealthRoutes from './admin-source-health.routes.ts';
import datasourcesRoutes from './datasources.routes.ts';
import youtubeRoutes from './youtube.routes.ts';

declare module '../module.ts' {
  interface Services {
    adminDatasources: AdminDatasourcesService;
  }
}

/** Sources: the reader's tree and YouTube channels, the admin's table and source health. */
const datasourcesModule: GatewayModule = {
  name: 'datasources',
  services: (ctx) => ({
    adminDatasources: createAdminDatasourcesService(withRepos(ctx, ADMIN_DATASOURCES_REPOS)),
  }),
  routes: async (app) => {
    await app.register(datasourcesRoutes);
    await app.register(youtubeRoutes, { prefix: '/api/youtube' });
    await app.register(adminDatasourcesRoutes, { prefix: '/api/admin' });
    await app.register(adminSourceHealthRoutes, { prefix: '/api/admin' });
  },
};

export default datasourcesModule;
