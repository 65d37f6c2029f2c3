import type { FastifyPluginAsync } from 'fastify';
import adminTopicsRoutes from './admin-topics.routes.ts';
import topicsRoutes from './topics.routes.ts';

/** Topics: the reader's list and the admin's table. */
const topicsModule: FastifyPluginAsync = async (app) => {
  await app.register(topicsRoutes, { prefix: '/api/topics' });
  await app.register(adminTopicsRoutes, { prefix: '/api/admin' });
};

export default topicsModule;
