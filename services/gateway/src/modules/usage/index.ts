import type { FastifyPluginAsync } from 'fastify';
import adminUsageRoutes from './admin-usage.routes.ts';

/** Model usage and cost (admin). */
const usageModule: FastifyPluginAsync = async (app) => {
  await app.register(adminUsageRoutes, { prefix: '/api/admin' });
};

export default usageModule;
