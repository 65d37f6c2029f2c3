import type { FastifyPluginAsync } from 'fastify';
import configRoutes from './config.routes.ts';

/** What the web app needs to know at start (plans, providers, limits). */
const configModule: FastifyPluginAsync = async (app) => {
  await app.register(configRoutes, { prefix: '/api/config' });
};

export default configModule;
