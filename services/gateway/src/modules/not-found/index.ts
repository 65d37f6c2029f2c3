import type { FastifyPluginAsync } from 'fastify';
import apiNotFoundRoutes from './not-found.routes.ts';

/** Any other /api path: the JSON 404 (the web app's fallback never answers under /api). */
const notFoundModule: FastifyPluginAsync = async (app) => {
  await app.register(apiNotFoundRoutes, { prefix: '/api' });
};

export default notFoundModule;
