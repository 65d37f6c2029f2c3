import type { GatewayModule } from '../module.ts';
import apiNotFoundRoutes from './not-found.routes.ts';

/** Any other /api path: the JSON 404 (the web app's fallback never answers under /api). */
const notFoundModule: GatewayModule = {
  name: 'not-found',
  routes: async (app) => {
    await app.register(apiNotFoundRoutes, { prefix: '/api' });
  },
};

export default notFoundModule;
