import {
  FeedTokenCreatedSchema,
  FeedTokenStatusSchema,
  MeResponseSchema,
  PatchMeBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/me: the signed-in user's account and profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'The signed-in user and profile',
        response: { 200: MeResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.profile.getMe(requireUser(request).id),
  );

  app.patch(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Update the display name (empty saves null)',
        body: PatchMeBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.profile.updateMe(requireUser(request).id, request.body),
  );

  // The private favourites feed (Pro): its URL is shown once, when made; only whether one exists is kept.
  app.get(
    '/feed-token',
    {
      // The private favourites feed's token: favourites are a Pro feature.
      config: { access: 'pro' },
      schema: {
        tags: ['me'],
        summary: 'Whether the private favourites feed URL exists, and since when',
        response: { 200: FeedTokenStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => app.services.feeds.tokenStatus(requireUser(request).id),
  );

  app.post(
    '/feed-token',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['me'],
        summary: 'Make a new private favourites feed URL (the previous one stops working)',
        response: { 200: FeedTokenCreatedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => app.services.feeds.regenerateToken(requireUser(request).id),
  );

  app.delete(
    '/feed-token',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['me'],
        summary: 'Revoke the private favourites feed URL',
        response: { 204: z.null().describe('Revoked'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await app.services.feeds.revokeToken(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );
};

export default meRoutes;
