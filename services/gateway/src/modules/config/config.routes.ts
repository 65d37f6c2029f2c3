import { AppConfigSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isGoogleConfigured, paymentsModeOf } from '../../config.ts';

// The same for every caller and fixed until the next deploy: browsers and proxies may keep it a minute.
const CACHE_CONTROL = 'public, max-age=60';

/** /api/config: the install's optional features, so the web app offers only those that work. */
const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // What this install offers (Google sign-in configured or not): the same answer for everyone.
      config: { access: 'public' },
      schema: {
        tags: ['config'],
        summary:
          'Optional features of this install (Google sign-in configured; payments by Stripe, demo or off)',
        response: { 200: AppConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { google_sign_in: isGoogleConfigured(app.config), payments: paymentsModeOf(app.config) };
    },
  );
};

export default configRoutes;
