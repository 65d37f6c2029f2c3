import type { FastifyPluginAsync } from 'fastify';
import socialCardsRoutes from './social-cards.routes.ts';

/** Link-preview pictures of the public pages. */
const socialCardsModule: FastifyPluginAsync = async (app) => {
  await app.register(socialCardsRoutes, { prefix: '/api/social-cards' });
};

export default socialCardsModule;
