import type { FastifyPluginAsync } from 'fastify';
import favoritesRoutes from './favorites.routes.ts';

/** Favourites (Pro). */
const favoritesModule: FastifyPluginAsync = async (app) => {
  await app.register(favoritesRoutes, { prefix: '/api/favorites' });
};

export default favoritesModule;
