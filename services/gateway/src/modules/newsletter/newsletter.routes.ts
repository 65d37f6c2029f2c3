import {
  DigestViewQuerySchema,
  NewsletterConfirmBodySchema,
  NewsletterConfirmQuerySchema,
  NewsletterConfirmResponseSchema,
  NewsletterPreferencesBodySchema,
  NewsletterPreferencesResponseSchema,
  NewsletterSubscribeBodySchema,
  NewsletterSubscribeResponseSchema,
  UnsubscribeBodySchema,
  UnsubscribeResponseSchema,
  UnsubscribeViewQuerySchema,
  UnsubscribeViewResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { mediaResponse, noBody } from '../../lib/openapi.ts';
import { limitOptions } from '../../lib/limits.ts';
import mailEventsRoutes from './mail-events.routes.ts';
import oneClickRoutes from './one-click.routes.ts';

/** /api/newsletter: the signup box, the unsubscribe page and the links in every digest. All public. */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = app.services.newsletter;
  // One client signing many addresses up, and everyone together: each sign-up may send a
  // confirmation email, so these bound the mail a form can make others send.
  const signupsFromClient = app.limits.enforce('newsletter-ip');
  const signupsOfEveryone = app.limits.enforce('newsletter-all');

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email to the daily digest of some topics (creates or updates, no duplicates)',
        body: NewsletterSubscribeBodySchema,
        response: { 200: NewsletterSubscribeResponseSchema, ...errorResponses(400, 415, 429) },
      },
      config: {
        access: 'public',
        // Per address and IP, after validation: stops hammering one inbox (double opt-in mails).
        rateLimit: limitOptions(app.config, 'newsletter'),
      },
      preHandler: async (request) => {
        await signupsFromClient(request);
        await signupsOfEveryone(request);
      },
    },
    async (request) => newsletter.subscribe(request.body, request.id),
  );

  app.get(
    '/unsubscribe',
    {
      // The signed token in the query or body is the credential of the unsubscribe routes.
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: "A token's active subscriptions (the management list)",
        querystring: UnsubscribeViewQuerySchema,
        response: { 200: UnsubscribeViewResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => newsletter.view(request.query.token),
  );

  app.post(
    '/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe from one topic (topic = topic id) or from all',
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResponseSchema, ...errorResponses(400, 415) },
      },
    },
    async (request) => newsletter.unsubscribe(request.body.token, request.body.topic),
  );

  app.post(
    '/preferences',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary:
          "The management page's settings: the digest's time zone (8 AM there), whether it follows My feed",
        body: NewsletterPreferencesBodySchema,
        response: { 200: NewsletterPreferencesResponseSchema, ...errorResponses(400, 409, 415) },
      },
    },
    async (request) => newsletter.setPreferences(request.body),
  );

  app.post(
    '/confirm',
    {
      // Double opt-in: the POST (the confirm page) uses the emailed token; the GET only redirects to that page.
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary:
          "Double opt-in: uses the emailed link's token once and applies the subscription it asked for",
        body: NewsletterConfirmBodySchema,
        response: { 200: NewsletterConfirmResponseSchema, ...errorResponses(400, 409, 410, 415) },
      },
    },
    async (request) => newsletter.confirm(request.body.token),
  );

  // Links of emails sent before confirmation moved to the page. A GET never confirms (mail scanners
  // fetch links): it only sends the browser to the page, which confirms with a POST.
  app.get(
    '/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: 'Old confirmation links: redirects to the confirm page and changes nothing',
        querystring: NewsletterConfirmQuerySchema,
        response: { 303: noBody('To the confirm page /newsletter/confirm'), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.redirect(
        `${app.config.PUBLIC_URL}/newsletter/confirm?token=${encodeURIComponent(request.query.token)}`,
        303,
      ),
  );

  app.get(
    '/digest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: "'View in browser': the subscriber's digest of a date as HTML",
        querystring: DigestViewQuerySchema,
        response: { 200: mediaResponse('The digest page', ['text/html']), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const html = await newsletter.viewDigest(request.query.token, request.query.date);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    },
  );

  await app.register(oneClickRoutes, { newsletter });
  await app.register(mailEventsRoutes);
};

export default newsletterRoutes;
