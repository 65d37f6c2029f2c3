import { AdminSubscribersQuerySchema, AdminSubscribersResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/subscribers: newsletter subscribers with their status and, when stopped, why. */
const adminSubscribersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscribers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Newsletter subscribers, newest changes first, with the bounce or complaint that stopped them',
        querystring: AdminSubscribersQuerySchema,
        response: { 200: AdminSubscribersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.newsletter.adminList(request.query),
  );
};

export default adminSubscribersRoutes;
