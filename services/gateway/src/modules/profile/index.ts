import type { FastifyPluginAsync } from 'fastify';
import meRoutes from './me.routes.ts';

/** The signed-in user: account, display name, the private favourites feed URL. */
const profileModule: FastifyPluginAsync = async (app) => {
  await app.register(meRoutes, { prefix: '/api/me' });
};

export default profileModule;
