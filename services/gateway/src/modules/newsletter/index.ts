import type { FastifyPluginAsync } from 'fastify';
import adminDigestRoutes from './admin-digest.routes.ts';
import adminSubscribersRoutes from './admin-subscribers.routes.ts';
import meNewsletterRoutes from './me-newsletter.routes.ts';
import newsletterRoutes from './newsletter.routes.ts';

/** The daily digest: subscriptions, one-click unsubscribe, mail events, the admin's digest and subscribers. */
const newsletterModule: FastifyPluginAsync = async (app) => {
  await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
  await app.register(meNewsletterRoutes, { prefix: '/api/me' });
  await app.register(adminDigestRoutes, { prefix: '/api/admin/digest' });
  await app.register(adminSubscribersRoutes, { prefix: '/api/admin' });
};

export default newsletterModule;
