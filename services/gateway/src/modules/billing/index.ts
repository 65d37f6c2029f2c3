import type { FastifyPluginAsync } from 'fastify';
import billingRoutes from './billing.routes.ts';
import proRoutes from './pro.routes.ts';

/** The Pro plan: checkout, the portal, Stripe's webhook, the demo checkout. */
const billingModule: FastifyPluginAsync = async (app) => {
  await app.register(billingRoutes, { prefix: '/api/billing' });
  await app.register(proRoutes, { prefix: '/api/pro' });
};

export default billingModule;
