import { GoogleCallbackQuerySchema, GoogleStartQuerySchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKnownDevices } from '../../lib/known-device.ts';
import { noBody } from '../../lib/openapi.ts';
import { authCallbackUrl, googleFailureUrl } from '../../lib/redirects.ts';
import { secureCookies, setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { metaOf } from '../../lib/request-meta.ts';
import { isGoogleConfigured } from '../../config.ts';
import { type GoogleFlowCookie, GoogleSignInError } from './google-auth.service.ts';

const FLOW_COOKIE = 'google_oauth';

const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app;
  const knownDevices = createKnownDevices(config);
  const flowCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
    path: '/api/auth/google',
    signed: true,
  };

  app.get(
    '/google/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Redirect to Google sign-in (to /auth?error=google_unavailable when it is not configured)',
        querystring: GoogleStartQuerySchema,
        response: { 302: noBody("To Google's sign-in page, or back to /auth with an error") },
      },
      // A browser follows this link: an unknown language falls back to English rather than a JSON 400.
      attachValidation: true,
    },
    async (request, reply) => {
      const language = request.validationError ? 'en' : request.query.lang;
      if (!isGoogleConfigured(config)) {
        return reply.redirect(googleFailureUrl(config.PUBLIC_URL, language, 'google_unavailable'));
      }
      const { url, cookie } = await services.google.start(language);
      reply.setCookie(FLOW_COOKIE, `${cookie.nonce}.${cookie.verifier}`, { ...flowCookie, maxAge: 600 });
      return reply.redirect(url);
    },
  );

  app.get(
    '/google/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Google redirects here; signs in and redirects to /auth/callback (on failure /auth?error=google_failed)',
        querystring: GoogleCallbackQuerySchema,
        response: { 302: noBody('To /auth/callback signed in, or to /auth with an error') },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      const query = request.validationError ? {} : request.query;
      try {
        const { language, started } = await services.google.finish(query, readFlow(request), metaOf(request));
        setRefreshCookie(reply, config, started.refreshToken);
        knownDevices.remember(request, reply, started.session.user.email);
        return reply.redirect(authCallbackUrl(config.PUBLIC_URL, language));
      } catch (error) {
        const language = error instanceof GoogleSignInError ? error.language : 'en';
        if (!(error instanceof GoogleSignInError))
          request.log.error({ err: error }, 'google callback failed');
        return reply.redirect(googleFailureUrl(config.PUBLIC_URL, language, 'google_failed'));
      }
    },
  );

  function readFlow(request: Parameters<typeof metaOf>[0]): GoogleFlowCookie | null {
    const raw = request.cookies[FLOW_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    const dot = unsigned.value.indexOf('.');
    if (dot < 1) return null;
    return { nonce: unsigned.value.slice(0, dot), verifier: unsigned.value.slice(dot + 1) };
  }
};

export default googleRoutes;
