import { MeNewsletterBodySchema, MeNewsletterResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/me/newsletter: the signed-in reader's daily digest, and whether it follows their My feed. */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/newsletter',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: "The reader's digest subscription (linked, or of their verified address); null when none",
        response: { 200: MeNewsletterResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.newsletter.accountSubscription(requireUser(request).id),
  );

  app.patch(
    '/newsletter',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'The digest follows My feed (followed topics, followed sources) or the chosen topics',
        body: MeNewsletterBodySchema,
        response: { 200: MeNewsletterResponseSchema, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request) =>
      app.services.newsletter.setAccountFollowsMyFeed(requireUser(request).id, request.body.follows_my_feed),
  );
};

export default newsletterRoutes;
