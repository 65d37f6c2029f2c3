import type { FastifyPluginAsync } from 'fastify';
import adminCrawlRoutes from './admin-crawl.routes.ts';

/** Crawls: start one, follow its tasks (admin). */
const crawlModule: FastifyPluginAsync = async (app) => {
  await app.register(adminCrawlRoutes, { prefix: '/api/admin' });
};

export default crawlModule;
