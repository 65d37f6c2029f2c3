import { WebhookResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * POST /api/billing/webhook. Stripe signs the exact bytes it sent, so this plugin (and only this
 * one: fastify scopes content-type parsers to the plugin) keeps JSON bodies as raw Buffers.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/webhook',
    {
      // Public: Stripe's signature is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (Stripe-Signature on the raw body); each event id is applied once',
        response: { 200: WebhookResponseSchema, ...errorResponses(400, 415, 503) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = await app.services.billingWebhook.verify(
        raw,
        typeof signature === 'string' ? signature : undefined,
      );
      return app.services.billingWebhook.handle(event);
    },
  );
};

export default webhookRoutes;
