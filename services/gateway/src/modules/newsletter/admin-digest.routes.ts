import {
  DigestDueResponseSchema,
  DigestPreviewBodySchema,
  DigestPreviewResponseSchema,
  DigestSendBodySchema,
  DigestSendDueBodySchema,
  DigestSendDueResponseSchema,
  DigestSendResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/digest: look at a digest before it goes out, or send one subscriber's now. Admin only. */
const adminDigestRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = app.services.newsletter;

  app.post(
    '/preview',
    {
      config: { access: 'admin' },
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
      config: { access: 'admin' },
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

  app.get(
    '/due',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'How many subscribers the scheduled send would mail now (their 8 AM has come, not yet served today)',
        response: { 200: DigestDueResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.services.digestOps.due(),
  );

  app.post(
    '/send-due',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Runs the scheduled digest send now for every subscriber due (each is served once a day)',
        body: DigestSendDueBodySchema.default({}),
        response: { 202: DigestSendDueResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => reply.code(202).send(await app.services.digestOps.sendDue(request.id)),
  );
};

export default adminDigestRoutes;
