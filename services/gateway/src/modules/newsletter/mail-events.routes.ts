import { MailEventResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * POST /api/newsletter/mail-events: the email provider's bounce and complaint webhook. The
 * signature covers the exact bytes sent, so this scope (fastify scopes content-type parsers to
 * the plugin) keeps JSON bodies as raw Buffers.
 */
const mailEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_r, body, done) => {
      done(null, body);
    },
  );

  app.post(
    '/mail-events',
    {
      // The provider's bounce/complaint webhook: its signature (MAIL_WEBHOOK_SECRET) is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary:
          'Bounce and complaint webhook of the email provider (Svix / Standard Webhooks signature); stops the digest to the address',
        response: { 200: MailEventResponseSchema, ...errorResponses(400, 401, 415, 503) },
      },
    },
    async (request) =>
      app.services.mailEvents.receive(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers,
      ),
  );
};

export default mailEventsRoutes;
