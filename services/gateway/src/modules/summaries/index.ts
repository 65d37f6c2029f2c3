import type { FastifyPluginAsync } from 'fastify';
import summariesRoutes from './summaries.routes.ts';

/** Summaries: the lists, search (across languages), one summary. */
const summariesModule: FastifyPluginAsync = async (app) => {
  await app.register(summariesRoutes, { prefix: '/api/summaries' });
};

export default summariesModule;
