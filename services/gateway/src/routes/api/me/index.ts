import { MeResponseSchema, PatchMeBodySchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { requireUser } from '../../../plugins/app/guards.ts';

/** /api/me: the signed-in user's account and profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
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
      schema: {
        tags: ['me'],
        summary: 'Update the display name (empty saves null)',
        body: PatchMeBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.profile.updateMe(requireUser(request).id, request.body),
  );
};

export default meRoutes;
