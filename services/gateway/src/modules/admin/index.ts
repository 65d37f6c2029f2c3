import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './admin.routes.ts';

/** The admin guard's own check; every admin feature lives in its resource's module. */
const adminModule: FastifyPluginAsync = async (app) => {
  await app.register(adminRoutes, { prefix: '/api/admin' });
};

export default adminModule;
