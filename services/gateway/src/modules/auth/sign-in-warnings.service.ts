import type { UiLanguage } from '@app/contracts';
import type { RequestMeta, ServiceContext } from '../context.ts';

export type SignInWarningsService = ReturnType<typeof createSignInWarningsService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const SIGN_IN_WARNINGS_REPOS = ['newsletter', 'users'] as const;

/**
 * "Someone tried to sign in to your account": sent when an account's logins keep failing (the login delay
 * decides when, at most once every LOGIN_WARNING_INTERVAL_HOURS). Only an existing account gets one; the
 * login route does not wait for this, so its answer and its timing are the same for every address.
 */
export function createSignInWarningsService(ctx: ServiceContext<(typeof SIGN_IN_WARNINGS_REPOS)[number]>) {
  const { config, repos, producer, clock, logger } = ctx;

  /** Users have no language of their own: the one their newsletter subscription reads, else English. */
  const languageOf = async (email: string): Promise<UiLanguage> => {
    const subscriber = await repos.newsletter.findSubscriberByEmail(email);
    return subscriber?.language === 'ZH' ? 'zh' : 'en';
  };

  return {
    /** Never throws: a warning that cannot be queued is logged. */
    async warnOwner(email: string, meta: RequestMeta): Promise<void> {
      try {
        const user = await repos.users.findByEmail(email);
        if (!user) return;
        const language = await languageOf(user.email);
        // One job per account and interval, however many gateway processes decide to warn (each counts
        // alone while Redis is down).
        const interval = config.LOGIN_WARNING_INTERVAL_HOURS * 3600_000;
        await producer.enqueue(
          'send-sign-in-warning-email',
          {
            requestId: meta.requestId,
            userId: user.id,
            email: user.email,
            resetUrl: `${config.PUBLIC_URL}${language === 'zh' ? '/zh' : ''}/auth/reset`,
            language,
          },
          { jobId: `sign-in-warning-${user.id}-${Math.floor(clock().getTime() / interval)}` },
        );
        logger.info({ userId: user.id, requestId: meta.requestId }, 'sign-in warning queued');
      } catch (error) {
        logger.error({ err: error, requestId: meta.requestId }, 'sign-in warning not queued');
      }
    },
  };
}
