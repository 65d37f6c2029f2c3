import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';

const PingSchema = z.object({ ok: z.literal(true), role: z.literal('admin') });

/**
 * /api/admin/ping. The admin features' routes live in their resources' modules (`admin-*.routes.ts`,
 * registered under /api/admin, each declaring `access: 'admin'`).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Answers only admins: checks the admin guard end to end',
        response: { 200: PingSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ok: true as const, role: 'admin' as const }),
  );
};

export default adminRoutes;
