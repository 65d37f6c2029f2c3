import type { FastifyPluginAsync } from 'fastify';
import adminStoriesRoutes from './admin-stories.routes.ts';
import storiesRoutes from './stories.routes.ts';

/** Stories: the summaries of one event; the admin splits and merges them. */
const storiesModule: FastifyPluginAsync = async (app) => {
  await app.register(storiesRoutes, { prefix: '/api/stories' });
  await app.register(adminStoriesRoutes, { prefix: '/api/admin' });
};

export default storiesModule;
