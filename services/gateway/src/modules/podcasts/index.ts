import type { FastifyPluginAsync } from 'fastify';
import adminPodcastsRoutes from './admin-podcasts.routes.ts';
import podcastsRoutes from './podcasts.routes.ts';

/** The daily podcast: episodes, audio, the podcast feed, and the admin's runs. */
const podcastsModule: FastifyPluginAsync = async (app) => {
  await app.register(podcastsRoutes, { prefix: '/api/podcasts' });
  await app.register(adminPodcastsRoutes, { prefix: '/api/admin' });
};

export default podcastsModule;
