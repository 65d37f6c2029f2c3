import { AppError, SessionSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { metaOf } from '../../lib/request-meta.ts';
import { requireUser } from '../../plugins/app/guards.ts';

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app;

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and get a new access token',
        security: [{ refreshCookie: [] }],
        response: { 200: SessionSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      try {
        const { session, refreshToken } = await services.sessions.rotate(
          readRefreshCookie(request),
          metaOf(request),
        );
        setRefreshCookie(reply, config, refreshToken);
        return session;
      } catch (error) {
        // A dead cookie is useless to the browser: drop it along with the 401.
        if (error instanceof AppError && error.code === 'INVALID_REFRESH_TOKEN')
          clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke this login (all its rotations) and clear the cookie; always succeeds',
        security: [{ refreshCookie: [] }],
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await services.sessions.revoke(readRefreshCookie(request));
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: revoke every session of the account, this one included',
        response: { 204: z.null().describe('Signed out on every device'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await services.sessions.revokeAllOfUser(user.id);
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );
};

export default sessionRoutes;
