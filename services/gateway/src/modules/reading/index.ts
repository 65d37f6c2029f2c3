import type { FastifyPluginAsync } from 'fastify';
import followsRoutes from './follows.routes.ts';
import readsRoutes from './reads.routes.ts';

/** What the reader follows and has read (My feed, For you, read state). */
const readingModule: FastifyPluginAsync = async (app) => {
  await app.register(followsRoutes, { prefix: '/api/me' });
  await app.register(readsRoutes, { prefix: '/api/me' });
};

export default readingModule;
