import { AppError, MESSAGES, type MeNewsletterResponse, NEWSLETTER_MESSAGES } from '@app/contracts';
import type { NewsletterSubscriber } from '@app/db';
import { toUiLanguage } from '@app/rules';
import type { ServiceContext } from '../context.ts';

/** The repositories the signed-in reader's side of the newsletter uses. */
export const NEWSLETTER_ACCOUNT_REPOS = ['newsletter', 'users'] as const;

/**
 * /api/me/newsletter: the signed-in reader's digest subscription and whether it follows their My feed.
 * Part of the newsletter service (newsletter.service.ts), kept apart to stay readable.
 */
export function createNewsletterAccountService(
  ctx: ServiceContext<(typeof NEWSLETTER_ACCOUNT_REPOS)[number]>,
) {
  const repo = ctx.repos.newsletter;

  async function accountAndSubscriber(userId: string) {
    const user = await ctx.repos.users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
    const subscriber = await repo.findSubscriberOfAccount({
      id: user.id,
      email: user.email,
      isEmailVerified: user.emailVerifiedAt !== null,
    });
    return { user, subscriber };
  }

  async function answer(subscriber: NewsletterSubscriber | null): Promise<MeNewsletterResponse> {
    if (!subscriber) return { subscription: null };
    return {
      subscription: {
        email: subscriber.email,
        status: subscriber.status,
        confirmed: subscriber.confirmedAt !== null,
        language: toUiLanguage(subscriber.language),
        time_zone: subscriber.timeZone,
        topic_count: await repo.countActiveSubscriptions(subscriber.id),
        follows_my_feed: subscriber.followsMyFeed,
      },
    };
  }

  return {
    /** GET /api/me/newsletter. */
    async accountSubscription(userId: string): Promise<MeNewsletterResponse> {
      return answer((await accountAndSubscriber(userId)).subscriber);
    },

    /**
     * PATCH /api/me/newsletter: the digest follows My feed (or the chosen topics again). Changing it here
     * links the subscription to the account, which the mailer needs to read the account's follows.
     */
    async setAccountFollowsMyFeed(userId: string, followsMyFeed: boolean): Promise<MeNewsletterResponse> {
      const { user, subscriber } = await accountAndSubscriber(userId);
      if (!subscriber) throw new AppError('NOT_FOUND', NEWSLETTER_MESSAGES.noAccountSubscription);
      const updated = await repo.setAccountFollowsMyFeed(subscriber.id, user.id, followsMyFeed);
      ctx.logger.info({ subscriberId: subscriber.id, followsMyFeed }, 'newsletter follows My feed changed');
      return answer(updated);
    },
  };
}
