import type { FastifyPluginAsync } from 'fastify';
import webRoutes from './web.routes.ts';

/** robots.txt, the sitemaps and the public pages' documents. */
const webPagesModule: FastifyPluginAsync = async (app) => {
  await app.register(webRoutes);
};

export default webPagesModule;
