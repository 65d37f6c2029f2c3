import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';

const PingSchema = z.object({ ok: z.literal(true), plan: z.literal('pro') });

/** /api/pro: routes for the Pro plan and admins. */
const proRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ping',
    {
      config: { access: 'pro' },
      schema: {
        tags: ['pro'],
        summary: 'Answers Pro users and admins: checks the plan guard end to end',
        response: { 200: PingSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ok: true as const, plan: 'pro' as const }),
  );
};

export default proRoutes;
