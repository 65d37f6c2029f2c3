import type { FastifyPluginAsync } from 'fastify';
import adminSubmissionsRoutes from './admin-submissions.routes.ts';
import submissionsRoutes from './submissions.routes.ts';

/** Sources suggested by readers, and the admin's review of them. */
const submissionsModule: FastifyPluginAsync = async (app) => {
  await app.register(submissionsRoutes, { prefix: '/api/source-submissions' });
  await app.register(adminSubmissionsRoutes, { prefix: '/api/admin' });
};

export default submissionsModule;
