import { OneClickQuerySchema, OneClickResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import type { NewsletterService } from '../../../services/newsletter.service.ts';

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` as a form, with no
 * cookies and no auth; the signed token in the URL is the only credential. In its own scope so the
 * form parsers it needs do not apply to the JSON routes.
 */
const oneClickRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  // The body carries nothing we need; accept the encodings RFC 8058 senders use and ignore it.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  app.post(
    '/one-click',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'RFC 8058 one-click unsubscribe from every topic (idempotent)',
        querystring: OneClickQuerySchema,
        response: { 200: OneClickResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await newsletter.unsubscribe(request.query.token);
      return { success: true as const };
    },
  );
};

export default oneClickRoutes;
