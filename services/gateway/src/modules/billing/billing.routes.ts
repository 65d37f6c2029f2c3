import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  ErrorBodySchema,
  SubscriptionActionBodySchema,
  SubscriptionActionResponseSchema,
  SubscriptionResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';
import demoRoutes from './demo.routes.ts';
import webhookRoutes from './webhook.routes.ts';

// A card the provider refused; errorResponses() only lists the statuses other routes share.
const paymentFailed = { 402: ErrorBodySchema };

/**
 * /api/billing: Stripe checkout, the caller's subscription and payments, Stripe's webhook, and the
 * demo checkout that stands in for Stripe on a fresh install.
 */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: 'Start a Stripe Checkout session for Pro Monthly or Pro Annual',
        description:
          'The price comes from the server configuration; retried up to 3 times on retryable Stripe failures. With BILLING_DEMO the URL opens the local demo checkout page. 503 when payments are off.',
        body: CheckoutBodySchema,
        response: { 200: CheckoutResponseSchema, ...paymentFailed, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request) => app.services.billing.createCheckout(requireUser(request).id, request.body),
  );

  app.get(
    '/subscription',
    {
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: "The caller's current subscription (or null) and payment history",
        response: { 200: SubscriptionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.billing.getSubscription(requireUser(request).id),
  );

  app.post(
    '/subscription',
    {
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: "Cancel the caller's subscription at period end, or reactivate it",
        body: SubscriptionActionBodySchema,
        response: {
          200: SubscriptionActionResponseSchema,
          ...paymentFailed,
          ...errorResponses(400, 401, 404, 409, 503),
        },
      },
    },
    async (request) => app.services.billing.changeSubscription(requireUser(request).id, request.body),
  );

  await app.register(webhookRoutes);
  await app.register(demoRoutes, { prefix: '/demo' });
};

export default billingRoutes;
