import { ErrorBodySchema, OneClickQuerySchema, OneClickResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { languageOfBrowser, PAGE_FORM_FIELD, PAGE_FORM_VALUE } from '../../lib/one-click-page.ts';
import { mediaResponse, noBody } from '../../lib/openapi.ts';
import type { NewsletterService } from './newsletter.service.ts';

/** A bad token gets the page in HTML; a malformed request the usual JSON error. */
const PAGE_ERROR = {
  description: 'Invalid unsubscribe link: the page saying so, or the JSON error of a malformed request',
  content: { 'text/html': { schema: z.string() }, 'application/json': { schema: ErrorBodySchema } },
};

const isFromPage = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as Record<string, unknown>)[PAGE_FORM_FIELD] === PAGE_FORM_VALUE;

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` as a form, with no
 * cookies and no auth; the signed token in the URL is the only credential. The same URL opened in a
 * browser (a GET) shows a page whose button sends that POST; the GET itself changes nothing. In its own
 * scope so the form parsers it needs do not apply to the JSON routes.
 */
const oneClickRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  // Mail providers' bodies carry nothing we need; the page's form names itself in one field.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  for (const type of ['multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  app.get(
    '/one-click',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary:
          'The one-click link opened in a browser: a page in the reader’s language whose button unsubscribes; changes nothing',
        querystring: OneClickQuerySchema,
        response: { 200: mediaResponse('The unsubscribe page', ['text/html']), 400: PAGE_ERROR },
      },
    },
    async (request, reply) => {
      const page = await newsletter.oneClickPage(
        request.query.token,
        languageOfBrowser(request.headers['accept-language']),
      );
      return reply
        .status(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('referrer-policy', 'no-referrer')
        .send(page.html);
    },
  );

  app.post(
    '/one-click',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: 'RFC 8058 one-click unsubscribe from every topic (idempotent)',
        querystring: OneClickQuerySchema,
        response: {
          200: OneClickResponseSchema,
          303: noBody('From the page’s own button: back to the page, which now says so'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      await newsletter.unsubscribe(request.query.token);
      if (!isFromPage(request.body)) return { success: true as const };
      return reply.redirect(
        `${request.routeOptions.url}?token=${encodeURIComponent(request.query.token)}`,
        303,
      );
    },
  );
};

export default oneClickRoutes;
