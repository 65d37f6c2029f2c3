import {
  AcceptedResponseSchema,
  AppError,
  LoginBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResendVerificationBodySchema,
  SessionSchema,
  VerifyEmailBodySchema,
  VerifyQuerySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { createKnownDevices } from '../../lib/known-device.ts';
import { loginAttemptKey } from '../../lib/login-delay.ts';
import { noBody } from '../../lib/openapi.ts';
import { limitOptions } from '../../lib/limits.ts';
import { tooManyAttempts } from '../../lib/rate-limited.ts';
import { emailLinkUrl } from '../../lib/redirects.ts';
import { setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { metaOf } from '../../lib/request-meta.ts';
import { languageOfVerificationToken } from '../../lib/verification-token.ts';

const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app;
  const knownDevices = createKnownDevices(config);
  // Besides the per-(IP, email) bucket below: one address trying many emails (credential stuffing).
  const loginsFromIp = app.limits.enforce('login-ip');

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account; a verification email is sent (an address with an account: the same answer, and its owner is told by email)',
        body: RegisterBodySchema,
        response: { 201: RegisterResponseSchema, ...errorResponses(400, 415, 429, 503) },
      },
      config: {
        access: 'public',
        // Fake accounts and verification mail sent to strangers: REGISTER_IP_RATE_LIMIT an hour per address.
        rateLimit: limitOptions(config, 'register-ip'),
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
      preHandler: loginsFromIp,
      // Counted after validation (preHandler) so the key can include the normalised email.
      config: { access: 'public', rateLimit: limitOptions(config, 'login') },
    },
    async (request, reply) => {
      // After a few failures each attempt waits longer (2, 4, 8… seconds since the last failure), counted
      // per source, and per account past a ceiling; a browser that signed in to the account before counts
      // alone and skips the ceiling, so guesses by someone who knows only the address never keep it out.
      const email = request.body.email;
      const key = loginAttemptKey(email, request.ip, knownDevices.deviceOf(request, email));
      const wait = await app.limits.loginDelay.check(key);
      if (wait > 0) throw tooManyAttempts(wait);
      try {
        const { session, refreshToken } = await services.auth.login(request.body, metaOf(request));
        await app.limits.loginDelay.clear(key);
        setRefreshCookie(reply, config, refreshToken);
        knownDevices.remember(request, reply, email);
        return session;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') {
          const { warnOwner } = await app.limits.loginDelay.recordFailure(key);
          // Not awaited: the answer must not take longer for an address that has an account.
          if (warnOwner) void services.signInWarnings.warnOwner(email, metaOf(request));
        }
        throw error;
      }
    },
  );

  // The emailed link opens the web page /auth/verify, which posts the token when the user confirms.
  // Links sent before that (to this route) only forward there: a GET never verifies anything.
  app.get(
    '/verify',
    {
      // Old emailed links: only a redirect to the web page /auth/verify, which posts the token.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Old verification links: redirect to the web page /auth/verify (changes nothing)',
        querystring: VerifyQuerySchema,
        response: { 302: noBody('To the web page /auth/verify, which posts the token') },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const raw = (request.query as { token?: unknown }).token;
      const token = !request.validationError && typeof raw === 'string' ? raw : undefined;
      const language = languageOfVerificationToken(token);
      const page = new URL(emailLinkUrl(config.PUBLIC_URL, language, '/auth/verify', token ?? ''));
      if (!token) page.search = '';
      return reply.redirect(page.toString());
    },
  );

  const verifyFromIp = app.limits.enforce('verify-ip');
  app.post(
    '/verify',
    {
      // Accounts: the emailed token is the credential of verify and reset-confirm; change password and
      // sign-out-everywhere need the access token.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Verify the address with the link token, set the verifier's password; signs in (refresh cookie)",
        body: VerifyEmailBodySchema,
        response: { 200: SessionSchema, ...errorResponses(400, 429) },
      },
      preHandler: verifyFromIp,
    },
    async (request, reply) => {
      const { session, refreshToken } = await services.auth.verifyEmail(request.body, metaOf(request));
      setRefreshCookie(reply, config, refreshToken);
      knownDevices.remember(request, reply, session.user.email);
      return session;
    },
  );

  const resendFromIp = app.limits.enforce('account-mail-ip');
  // Keyed by the address asked for, whether or not it has an account: the cooldown tells nothing.
  const resendCooldown = app.limits.enforce('resend-verification');
  app.post(
    '/verify/resend',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link (same answer for every address; 60 s cooldown)',
        body: ResendVerificationBodySchema,
        response: { 202: AcceptedResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: async (request) => {
        await resendFromIp(request);
        await resendCooldown(request);
      },
    },
    async (request, reply) => {
      const { message } = await services.auth.resendVerification(request.body, metaOf(request));
      return reply.status(202).send({ success: true, message });
    },
  );
};

export default credentialsRoutes;
