import { withRepos } from '../context.ts';
import type { GatewayModule } from '../module.ts';
import {
  BILLING_DEMO_REPOS,
  type BillingDemoService,
  createBillingDemoService,
} from './billing-demo.service.ts';
import {
  BILLING_WEBHOOK_REPOS,
  type BillingWebhookService,
  createBillingWebhookService,
} from './billing-webhook.service.ts';
import { BILLING_REPOS, type BillingService, createBillingService } from './billing.service.ts';
import { createDemoStripe, DEMO_STRIPE_REPOS } from './demo-stripe.ts';
import billingRoutes from './billing.routes.ts';
import proRoutes from './pro.routes.ts';

declare module '../module.ts' {
  interface Services {
    billing: BillingService;
    billingWebhook: BillingWebhookService;
    billingDemo: BillingDemoService;
  }
}

/** The Pro plan: checkout, the portal, Stripe's webhook, the demo checkout. */
const billingModule: GatewayModule = {
  name: 'billing',
  services: (ctx, { resources }) => {
    // Without Stripe keys on a developer's machine: the demo checkout's in-process Stripe (BILLING_DEMO).
    const demoStripe = ctx.config.BILLING_DEMO
      ? createDemoStripe(withRepos(ctx, DEMO_STRIPE_REPOS), resources.sendWebhook)
      : null;
    const billing = createBillingService(withRepos(ctx, BILLING_REPOS), demoStripe?.stripe);
    return {
      billing,
      billingWebhook: createBillingWebhookService(withRepos(ctx, BILLING_WEBHOOK_REPOS), billing.stripe),
      billingDemo: createBillingDemoService(withRepos(ctx, BILLING_DEMO_REPOS), demoStripe),
    };
  },
  routes: async (app) => {
    await app.register(billingRoutes, { prefix: '/api/billing' });
    await app.register(proRoutes, { prefix: '/api/pro' });
  },
};

export default billingModule;
