import {
  AppError,
  type LoginBody,
  MESSAGES,
  type RegisterBody,
  type ResendVerificationBody,
  type VerifyEmailBody,
} from '@app/contracts';
import { hashPassword, type User, verifyPassword } from '@app/db';
import { dummyPasswordHash } from '../../lib/dummy-password-hash.ts';
import { hashToken } from '../../lib/opaque-token.ts';
import { emailLinkUrl } from '../../lib/redirects.ts';
import { createVerificationToken } from '../../lib/verification-token.ts';
import type { RequestMeta, ServiceContext } from '../context.ts';
import type { SessionsService, StartedSession } from './sessions.service.ts';

export type AuthService = ReturnType<typeof createAuthService>;

const VERIFICATION_TTL_MS = 24 * 3600_000;
export const REGISTERED_MESSAGE = 'Registration successful. Please check your email to verify your account.';

const unavailable = () =>
  new AppError('UNAVAILABLE', 'Registration is temporarily unavailable, please try again later');
/** One "someone tried to register your address" email per account in this time at most. */
const REGISTRATION_NOTICE_INTERVAL_MS = 3600_000;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const AUTH_REPOS = ['users', 'verificationTokens'] as const;

export function createAuthService(
  ctx: ServiceContext<(typeof AUTH_REPOS)[number]>,
  sessions: SessionsService,
) {
  const { config, repos, producer, clock, logger } = ctx;

  /** A new verification link for `user`: the token (only its sha256 is stored) and its expiry. */
  const newVerification = (language: RegisterBody['language']) => {
    const token = createVerificationToken(language);
    return {
      token,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock().getTime() + VERIFICATION_TTL_MS),
    };
  };

  const queueVerificationEmail = (
    user: User,
    token: string,
    language: RegisterBody['language'],
    meta: RequestMeta,
  ) =>
    producer.enqueue('send-verification-email', {
      requestId: meta.requestId,
      userId: user.id,
      email: user.email,
      verifyUrl: emailLinkUrl(config.PUBLIC_URL, language, '/auth/verify', token),
      language,
    });

  /** Where an account's owner signs in, or asks for a new password, in their language. */
  const pageUrl = (language: RegisterBody['language'], page: '/auth' | '/auth/reset') =>
    `${config.PUBLIC_URL}${language === 'zh' ? '/zh' : ''}${page}`;

  /**
   * "Someone tried to register your address": one email per account and hour however often it is tried
   * (the job id). Failing to queue it fails the registration as a new address's would (503), so the
   * answer tells nothing either way.
   */
  const noticeOwner = async (user: User, language: RegisterBody['language'], meta: RequestMeta) => {
    try {
      await producer.enqueue(
        'send-registration-attempt-email',
        {
          requestId: meta.requestId,
          userId: user.id,
          email: user.email,
          signInUrl: pageUrl(language, '/auth'),
          resetUrl: pageUrl(language, '/auth/reset'),
          language,
        },
        {
          jobId: `registration-attempt-${user.id}-${Math.floor(clock().getTime() / REGISTRATION_NOTICE_INTERVAL_MS)}`,
        },
      );
    } catch (error) {
      logger.error(
        { err: error, userId: user.id, requestId: meta.requestId },
        'registration notice not queued',
      );
      throw unavailable();
    }
  };

  return {
    /**
     * A new account, or a new password for an account whose address was never verified (whoever set the
     * old one never proved they own the mailbox; the new link goes to that mailbox). A verified account
     * is left as it is and its owner gets an email saying someone tried (sign in, or reset the password).
     * The answer is the same in every case, so it never tells a stranger whether an address has an
     * account; the password is hashed in every case too, so it takes as long.
     */
    async register(body: RegisterBody, meta: RequestMeta): Promise<{ message: string }> {
      const existing = await repos.users.findByEmail(body.email);
      const passwordHash = await hashPassword(body.password);
      if (existing?.emailVerifiedAt) {
        await noticeOwner(existing, body.language, meta);
        return { message: REGISTERED_MESSAGE };
      }
      const link = newVerification(body.language);
      const input = {
        passwordHash,
        verificationTokenHash: link.tokenHash,
        verificationExpiresAt: link.expiresAt,
      };
      let user: User;
      if (existing) {
        if (!(await repos.users.replaceUnverifiedPassword(existing.id, input, clock()))) {
          // Verified since it was read: the same as a verified account.
          await noticeOwner(existing, body.language, meta);
          return { message: REGISTERED_MESSAGE };
        }
        user = existing;
      } else {
        const created = await repos.users
          .createWithPassword({ email: body.email, ...input })
          .catch((error: unknown) => {
            // Two registrations of one email racing: the unique index decides, and the winner's link
            // is on its way to that mailbox.
            if ((error as { code?: string }).code === 'P2002') return null;
            throw error;
          });
        if (!created) return { message: REGISTERED_MESSAGE };
        user = created;
      }
      try {
        await queueVerificationEmail(user, link.token, body.language, meta);
      } catch (error) {
        logger.error(
          { err: error, userId: user.id, requestId: meta.requestId },
          'verification email not queued',
        );
        // Without the email a new account could never be verified: undo it so the user can simply try
        // again. An existing unverified account stays; registering again or "resend" sends a new link.
        if (!existing) await repos.users.deleteById(user.id);
        throw unavailable();
      }
      return { message: REGISTERED_MESSAGE };
    },

    async login(body: LoginBody, meta: RequestMeta): Promise<StartedSession> {
      const user = await repos.users.findByEmail(body.email);
      const hash = user?.passwordHash ?? (await dummyPasswordHash());
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

    /**
     * The web page behind the emailed link posts its token and the password the verifier chose: verifies,
     * sets that password (the registered one was never proven to be the mailbox owner's) and signs in.
     */
    async verifyEmail(body: VerifyEmailBody, meta: RequestMeta): Promise<StartedSession> {
      const tokenHash = hashToken(body.token);
      const invalid = () => new AppError('INVALID_TOKEN', MESSAGES.invalidLink);
      // A dead link costs no argon2 hash; the consume below is the real check.
      if (!(await repos.verificationTokens.findUsable(tokenHash, clock()))) throw invalid();
      const passwordHash = await hashPassword(body.password);
      const user = await repos.verificationTokens.consume(tokenHash, passwordHash, clock());
      if (!user) throw invalid();
      return sessions.start(user, meta);
    },

    /**
     * Another verification link for an unverified account. The answer is the same for every address
     * (the route's per-address cooldown too), so it never tells whether an account exists.
     */
    async resendVerification(body: ResendVerificationBody, meta: RequestMeta): Promise<{ message: string }> {
      const user = await repos.users.findByEmail(body.email);
      if (user && !user.emailVerifiedAt && user.passwordHash) {
        const link = newVerification(body.language);
        try {
          await repos.verificationTokens.issue(user.id, link.tokenHash, link.expiresAt);
          await queueVerificationEmail(user, link.token, body.language, meta);
        } catch (error) {
          // Not an error answer: that would tell this address apart from unknown ones.
          logger.error(
            { err: error, userId: user.id, requestId: meta.requestId },
            'verification email not resent',
          );
        }
      }
      return { message: MESSAGES.verificationResent };
    },
  };
}
