import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import { createDigestOpsService, DIGEST_OPS_REPOS, type DigestOpsService } from './digest-ops.service.ts';
import { createMailEventsService, MAIL_EVENTS_REPOS, type MailEventsService } from './mail-events.service.ts';
import { createNewsletterService, NEWSLETTER_REPOS, type NewsletterService } from './newsletter.service.ts';
import adminDigestRoutes from './admin-digest.routes.ts';
import adminSubscribersRoutes from './admin-subscribers.routes.ts';
import meNewsletterRoutes from './me-newsletter.routes.ts';
import newsletterRoutes from './newsletter.routes.ts';

declare module '../module.ts' {
  interface Services {
    newsletter: NewsletterService;
    digestOps: DigestOpsService;
    mailEvents: MailEventsService;
  }
}

/** The daily digest: subscriptions, one-click unsubscribe, mail events, the admin's digest and subscribers. */
const newsletterModule: GatewayModule = {
  name: 'newsletter',
  services: (ctx) => ({
    newsletter: createNewsletterService(withRepos(ctx, NEWSLETTER_REPOS)),
    digestOps: createDigestOpsService(withRepos(ctx, DIGEST_OPS_REPOS)),
    mailEvents: createMailEventsService(withRepos(ctx, MAIL_EVENTS_REPOS)),
  }),
  routes: async (app) => {
    await app.register(newsletterRoutes, { prefix: '/api/newsletter' });
    await app.register(meNewsletterRoutes, { prefix: '/api/me' });
    await app.register(adminDigestRoutes, { prefix: '/api/admin/digest' });
    await app.register(adminSubscribersRoutes, { prefix: '/api/admin' });
  },
};

export default newsletterModule;
