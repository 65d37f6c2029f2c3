import {
  DigestPreviewBodySchema,
  DigestPreviewResponseSchema,
  DigestSendBodySchema,
  DigestSendResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';

/** /api/admin/digest: look at a digest before it goes out, or send one subscriber's now. Admin only. */
const adminDigestRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = app.services.newsletter;

  app.post(
    '/preview',
    {
      schema: {
        tags: ['admin'],
        summary: "A subscriber's digest ({email}) or one for a language and topic set, rendered",
        body: DigestPreviewBodySchema,
        response: { 200: DigestPreviewResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => newsletter.preview(request.body),
  );

  app.post(
    '/send',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Today's digest to one subscriber now, through the scheduled send's path (recorded, once per day)",
        body: DigestSendBodySchema,
        response: {
          200: DigestSendResponseSchema,
          202: DigestSendResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await newsletter.sendNow(request.body.email, request.id);
      return reply.code(result.status).send(result.body);
    },
  );
};

export default adminDigestRoutes;
