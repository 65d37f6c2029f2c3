import type { GatewayModule } from '../module.ts';
import configRoutes from './config.routes.ts';

/** What the web app needs to know at start (plans, providers, limits). */
const configModule: GatewayModule = {
  name: 'config',
  routes: async (app) => {
    await app.register(configRoutes, { prefix: '/api/config' });
  },
};

export default configModule;
