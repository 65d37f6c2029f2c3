import type { FastifyPluginAsync } from 'fastify';
import adminOpmlRoutes from './admin-opml.routes.ts';

/** OPML import and export of the sources (admin). */
const opmlModule: FastifyPluginAsync = async (app) => {
  await app.register(adminOpmlRoutes, { prefix: '/api/admin' });
};

export default opmlModule;
