import {
  AppError,
  type ChangePasswordBody,
  MESSAGES,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
} from '@app/contracts';
import { hashPassword, verifyPassword } from '@app/db';
import { dummyPasswordHash } from '../../lib/dummy-password-hash.ts';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import { emailLinkUrl } from '../../lib/redirects.ts';
import type { RequestMeta, ServiceContext } from '../context.ts';
import type { SessionsService } from './sessions.service.ts';

export type PasswordsService = ReturnType<typeof createPasswordsService>;

export const PASSWORD_RESET_TTL_MS = 3600_000;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const PASSWORDS_REPOS = ['passwordResets', 'users'] as const;

/** Forgot password (a one-hour, single-use emailed link) and change password (the current one required). */
export function createPasswordsService(
  ctx: ServiceContext<(typeof PASSWORDS_REPOS)[number]>,
  sessions: SessionsService,
) {
  const { config, repos, producer, clock, logger } = ctx;

  return {
    /** Same answer for every address; only an existing account gets an email. */
    async requestReset(body: PasswordResetRequestBody, meta: RequestMeta): Promise<{ message: string }> {
      const user = await repos.users.findByEmail(body.email);
      if (user) {
        const token = createOpaqueToken();
        const now = clock();
        try {
          await repos.passwordResets.issue(
            user.id,
            hashToken(token),
            new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
            now,
          );
          await producer.enqueue('send-password-reset-email', {
            requestId: meta.requestId,
            userId: user.id,
            email: user.email,
            resetUrl: emailLinkUrl(config.PUBLIC_URL, body.language, '/auth/reset', token),
            language: body.language,
          });
        } catch (error) {
          // Not an error answer: that would tell this address apart from unknown ones.
          logger.error(
            { err: error, userId: user.id, requestId: meta.requestId },
            'password reset not queued',
          );
        }
      }
      return { message: MESSAGES.resetRequested };
    },

    /** Sets the new password from a valid link and ends every session of the account (whose `email` it returns). */
    async resetPassword(
      body: PasswordResetConfirmBody,
      meta: RequestMeta,
    ): Promise<{ message: string; email: string }> {
      const tokenHash = hashToken(body.token);
      const invalid = () => new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
      // A cheap look first, so a dead link costs no argon2 hash; the consume below is the real check.
      if (!(await repos.passwordResets.findUsable(tokenHash, clock()))) throw invalid();
      const passwordHash = await hashPassword(body.password);
      const user = await repos.passwordResets.consume(tokenHash, passwordHash, clock());
      if (!user) throw invalid();
      logger.info({ userId: user.id, requestId: meta.requestId }, 'password reset; all sessions ended');
      return { message: MESSAGES.passwordReset, email: user.email };
    },

    /**
     * Needs the current password. Every other login of the account ends; the caller's own (its refresh
     * cookie, `keepRefreshToken`) stays signed in.
     */
    async changePassword(
      userId: string,
      body: ChangePasswordBody,
      keepRefreshToken: string | undefined,
      meta: RequestMeta,
    ): Promise<{ endedSessions: number; email: string }> {
      const user = await repos.users.findById(userId);
      const matches = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        body.current_password,
      );
      if (!user?.passwordHash || !matches) {
        throw new AppError('WRONG_PASSWORD', MESSAGES.wrongPassword, {
          current_password: MESSAGES.wrongPassword,
        });
      }
      const passwordHash = await hashPassword(body.new_password);
      // Sessions first: should the second write fail, the worst case is signed-out devices, never a
      // new password with the old sessions still alive.
      const endedSessions = await sessions.revokeAllOfUser(user.id, keepRefreshToken);
      await repos.users.setPassword(user.id, passwordHash);
      logger.info({ userId: user.id, endedSessions, requestId: meta.requestId }, 'password changed');
      return { endedSessions, email: user.email };
    },
  };
}
