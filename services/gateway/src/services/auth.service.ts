import { AppError, type LoginBody, MESSAGES, type RegisterBody, type UiLanguage } from '@app/contracts';
import { hashPassword, verifyPassword } from '@app/db';
import { hashToken } from '../lib/opaque-token.ts';
import { createVerificationToken, languageOfVerificationToken } from '../lib/verification-token.ts';
import type { RequestMeta, ServiceContext } from './context.ts';
import type { SessionsService, StartedSession } from './sessions.service.ts';

export type AuthService = ReturnType<typeof createAuthService>;

const VERIFICATION_TTL_MS = 24 * 3600_000;
export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';

export function createAuthService(ctx: ServiceContext, sessions: SessionsService) {
  const { config, repos, producer, clock, logger } = ctx;
  // Unknown emails still pay for one argon2 verification, so timing does not reveal which emails exist.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
    return dummyHash;
  };

  return {
    async register(body: RegisterBody, meta: RequestMeta): Promise<{ message: string }> {
      if (await repos.users.findByEmail(body.email)) throw new AppError('USER_EXISTS', MESSAGES.userExists);
      const token = createVerificationToken(body.language);
      const user = await repos.users
        .createWithPassword({
          email: body.email,
          passwordHash: await hashPassword(body.password),
          verificationTokenHash: hashToken(token),
          verificationExpiresAt: new Date(clock().getTime() + VERIFICATION_TTL_MS),
        })
        .catch((error: unknown) => {
          // Two registrations of one email racing: the unique index decides.
          if ((error as { code?: string }).code === 'P2002')
            throw new AppError('USER_EXISTS', MESSAGES.userExists);
          throw error;
        });
      const verifyUrl = `${config.PUBLIC_URL}/api/auth/verify?token=${encodeURIComponent(token)}`;
      try {
        await producer.enqueue('send-verification-email', {
          requestId: meta.requestId,
          userId: user.id,
          email: user.email,
          verifyUrl,
          language: body.language,
        });
      } catch (error) {
        // Without the email the account could never be verified, and a retry would hit USER_EXISTS:
        // undo the registration so the user can simply try again.
        logger.error(
          { err: error, userId: user.id, requestId: meta.requestId },
          'verification email not queued',
        );
        await repos.users.deleteById(user.id);
        throw new AppError('UNAVAILABLE', 'Registration is temporarily unavailable, please try again later');
      }
      return { message: REGISTERED_MESSAGE };
    },

    async login(body: LoginBody, meta: RequestMeta): Promise<StartedSession> {
      const user = await repos.users.findByEmail(body.email);
      const hash = user?.passwordHash ?? (await getDummyHash());
      const matches = await verifyPassword(hash, body.password);
      if (!user?.passwordHash || !matches)
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      // Checked after the password, so this answer never tells a stranger that an email is registered.
      if (config.AUTH_REQUIRE_EMAIL_VERIFICATION && !user.emailVerifiedAt) {
        throw new AppError('EMAIL_NOT_CONFIRMED', MESSAGES.emailNotConfirmed);
      }
      const touched = await repos.users.touchLastLogin(user.id, clock());
      return sessions.start(touched, meta);
    },

    /** Email link: consumes the token and signs the user in. null: unknown, expired or used link. */
    async verifyEmail(
      token: string | undefined,
      meta: RequestMeta,
    ): Promise<{ language: UiLanguage; started: StartedSession | null }> {
      const language = languageOfVerificationToken(token);
      if (!token) return { language, started: null };
      const user = await repos.verificationTokens.consume(hashToken(token), clock());
      if (!user) return { language, started: null };
      return { language, started: await sessions.start(user, meta) };
    },
  };
}
