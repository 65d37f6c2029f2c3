import {
  AppError,
  LoginBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  SessionSchema,
  VerifyQuerySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { tooManyAttempts } from '../../../lib/rate-limited.ts';
import { authCallbackUrl } from '../../../lib/redirects.ts';
import { setRefreshCookie } from '../../../lib/refresh-cookie.ts';
import { metaOf } from '../../../lib/request-meta.ts';

const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app;
  // Besides the per-(IP, email) bucket below: one address trying many emails (credential stuffing).
  const loginsFromIp = app.createRateLimit({
    max: config.LOGIN_IP_RATE_LIMIT,
    timeWindow: '10 minutes',
    keyGenerator: (request) => `login-ip:${request.ip}`,
  });

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a verification email is sent',
        body: RegisterBodySchema,
        response: { 201: RegisterResponseSchema, ...errorResponses(400, 409, 415, 429, 503) },
      },
      config: {
        // Fake accounts and verification mail sent to strangers: REGISTER_IP_RATE_LIMIT an hour per address.
        rateLimit: {
          max: config.REGISTER_IP_RATE_LIMIT,
          timeWindow: '1 hour',
          keyGenerator: (request) => `register-ip:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const { message } = await services.auth.register(request.body, metaOf(request));
      return reply.status(201).send({ success: true, message });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the refresh cookie',
        body: LoginBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 403, 429) },
      },
      preHandler: async (request, reply) => {
        const limit = await loginsFromIp(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        reply.header('retry-after', limit.ttlInSeconds);
        const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
        throw new AppError(
          'RATE_LIMITED',
          `Too many attempts, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        );
      },
      config: {
        // Counted after validation (preHandler) so the key can include the normalised email.
        rateLimit: {
          hook: 'preHandler',
          max: config.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request) => `login:${request.ip}:${(request.body as { email: string }).email}`,
        },
      },
    },
    async (request, reply) => {
      // Per account, whatever the address (a distributed guess of one password): after a few failures each
      // attempt waits longer (2, 4, 8… seconds since the last failure). The owner is slowed, never locked out.
      const email = request.body.email;
      const wait = await app.limits.loginDelay.check(email);
      if (wait > 0) throw tooManyAttempts(wait);
      try {
        const { session, refreshToken } = await services.auth.login(request.body, metaOf(request));
        await app.limits.loginDelay.clear(email);
        setRefreshCookie(reply, config, refreshToken);
        return session;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
          await app.limits.loginDelay.recordFailure(email);
        }
        throw error;
      }
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email verification link: verifies, signs in, redirects to /auth/callback',
        querystring: VerifyQuerySchema,
      },
      // A mangled link is still a browser navigation: answer with the error redirect, not JSON.
      attachValidation: true,
    },
    async (request, reply) => {
      const raw = (request.query as { token?: unknown }).token;
      const token = !request.validationError && typeof raw === 'string' ? raw : undefined;
      const { language, started } = await services.auth.verifyEmail(token, metaOf(request));
      if (!started) return reply.redirect(authCallbackUrl(config.PUBLIC_URL, language, 'invalid_token'));
      setRefreshCookie(reply, config, started.refreshToken);
      return reply.redirect(authCallbackUrl(config.PUBLIC_URL, language));
    },
  );
};

export default credentialsRoutes;
