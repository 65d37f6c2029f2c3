import {
  DemoCheckoutPayBodySchema,
  DemoCheckoutPayResponseSchema,
  DemoCheckoutQuerySchema,
  DemoCheckoutSessionSchema,
  DemoEndPeriodResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/**
 * /api/billing/demo: the demo checkout page's calls (BILLING_DEMO, a fresh install without Stripe
 * keys). "Pay" sends Stripe's signed events through POST /api/billing/webhook; nothing is charged.
 * 404 when the demo checkout is off.
 */
const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session',
    {
      // The demo checkout (BILLING_DEMO; 404 when off): a session link works only for the account that opened it.
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: 'Demo checkout: the plan and price a demo session link was opened for',
        querystring: DemoCheckoutQuerySchema,
        response: { 200: DemoCheckoutSessionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.services.billingDemo.getSession(requireUser(request).id, request.query.session),
  );

  app.post(
    '/pay',
    {
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: 'Demo checkout: "pay" (no money moves); Stripe\'s signed events go through the webhook',
        body: DemoCheckoutPayBodySchema,
        response: { 200: DemoCheckoutPayResponseSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => app.services.billingDemo.pay(requireUser(request).id, request.body.session),
  );

  app.post(
    '/end-period',
    {
      config: { access: 'user' },
      schema: {
        tags: ['billing'],
        summary: "Demo checkout: end the caller's cancelling subscription now (Stripe's deletion event)",
        response: { 200: DemoEndPeriodResponseSchema, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => app.services.billingDemo.endPeriod(requireUser(request).id),
  );
};

export default demoRoutes;
