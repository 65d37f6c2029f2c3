import type { FastifyPluginAsync } from 'fastify';
import adminQueuesRoutes from './admin-queues.routes.ts';

/** The job queues: failed jobs and retries (admin). */
const queuesModule: FastifyPluginAsync = async (app) => {
  await app.register(adminQueuesRoutes, { prefix: '/api/admin' });
};

export default queuesModule;
