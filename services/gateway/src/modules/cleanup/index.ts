import type { FastifyPluginAsync } from 'fastify';
import adminCleanupRoutes from './admin-cleanup.routes.ts';

/** Clean-ups of old content (admin). */
const cleanupModule: FastifyPluginAsync = async (app) => {
  await app.register(adminCleanupRoutes, { prefix: '/api/admin' });
};

export default cleanupModule;
