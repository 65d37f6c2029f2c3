import {
  PasswordChangedResponseSchema,
  AcceptedResponseSchema,
  ChangePasswordBodySchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { createKnownDevices } from '../../lib/known-device.ts';
import { readRefreshCookie } from '../../lib/refresh-cookie.ts';
import { metaOf } from '../../lib/request-meta.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/** /api/auth/password…: forgot password (request, confirm) and change password. */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app;
  const knownDevices = createKnownDevices(config);
  // Shared with "resend verification": one address sending account emails to many mailboxes.
  const mailFromIp = app.limits.enforce('account-mail-ip');
  const resetsOfEmail = app.limits.enforce('password-reset');
  const confirmsFromIp = app.limits.enforce('password-reset-confirm-ip');
  const changesOfUser = app.limits.enforce('change-password');

  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a one-hour password reset link (same answer for every address)',
        body: PasswordResetRequestBodySchema,
        response: { 202: AcceptedResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: async (request) => {
        await mailFromIp(request);
        await resetsOfEmail(request);
      },
    },
    async (request, reply) => {
      const { message } = await services.passwords.requestReset(request.body, metaOf(request));
      return reply.status(202).send({ success: true, message });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every session of the account',
        body: PasswordResetConfirmBodySchema,
        response: { 200: AcceptedResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: (request) => confirmsFromIp(request),
    },
    async (request, reply) => {
      const { message, email } = await services.passwords.resetPassword(request.body, metaOf(request));
      // The mailbox's owner is back in charge: whatever failed logins slowed the account start over, and
      // this browser is known to it from now on.
      await app.limits.loginDelay.clearAccount(email);
      knownDevices.remember(request, reply, email);
      return { success: true as const, message };
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Change the password (current one required); ends every other session of the account',
        body: ChangePasswordBodySchema,
        response: {
          200: PasswordChangedResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
      preHandler: (request) => changesOfUser(request),
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The refresh cookie (path /api/auth) tells which login is the caller's own: that one stays.
      const { endedSessions, email } = await services.passwords.changePassword(
        user.id,
        request.body,
        readRefreshCookie(request),
        metaOf(request),
      );
      await app.limits.loginDelay.clearAccount(email);
      knownDevices.remember(request, reply, email);
      return { success: true as const, ended_sessions: endedSessions };
    },
  );
};

export default passwordRoutes;
