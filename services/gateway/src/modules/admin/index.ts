import type { GatewayModule } from '../module.ts';
import adminRoutes from './admin.routes.ts';

/** The admin guard's own check; every admin feature lives in its resource's module. */
const adminModule: GatewayModule = {
  name: 'admin',
  routes: async (app) => {
    await app.register(adminRoutes, { prefix: '/api/admin' });
  },
};

export default adminModule;
