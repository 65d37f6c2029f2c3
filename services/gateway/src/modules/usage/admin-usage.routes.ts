import { UsageQuerySchema, UsageResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';

/** /api/admin/usage: model calls, tokens and cost per day, feature and provider, and the costliest topics. */
const adminUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/usage',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Model usage and cost per day, feature, provider and topic (from/to: UTC days, at most 366)',
        querystring: UsageQuerySchema,
        response: { 200: UsageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.services.usage.report(request.query),
  );
};

export default adminUsageRoutes;
