import type { FastifyPluginAsync } from 'fastify';
import feedsRoutes from './feeds.routes.ts';

/** Feeds out (RSS, Atom, JSON Feed): outside /api, each route sets its own caching. */
const feedsModule: FastifyPluginAsync = async (app) => {
  await app.register(feedsRoutes, { prefix: '/feeds' });
};

export default feedsModule;
