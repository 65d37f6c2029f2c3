import {
  type AdminSubscribersQuery,
  AppError,
  type DigestPreviewBody,
  type DigestPreviewResponse,
  type DigestSendResponse,
  type EmailSubscription,
  NEWSLETTER_MESSAGES,
  type NewsletterConfirmResponse,
  type NewsletterPreferencesBody,
  type NewsletterPreferencesResponse,
  type NewsletterSubscribeBody,
  type NewsletterSubscribeResponse,
  QUEUE_NAMES,
  type UiLanguage,
  type UnsubscribeResponse,
  type UnsubscribeViewResponse,
} from '@app/contracts';
import type { NewsletterSubscriber } from '@app/db';
import {
  confirmationIdOf,
  type DigestRecipient,
  digestLinks,
  digestRecipientOf,
  hasChoice,
  personalizeDigest,
  resolveUnsubscribeSecret,
  signUnsubscribeToken,
  subscriberIdOf,
  verifyConfirmationToken,
  verifyUnsubscribeToken,
} from '@app/digest';
import type { Producer } from '@app/queue';
import { toUiLanguage } from '@app/rules';
import { localDateTime } from '@app/time';
import { oneClickPage } from '../../lib/one-click-page.ts';
import type { ServiceContext } from '../context.ts';
import { createNewsletterAccountService, NEWSLETTER_ACCOUNT_REPOS } from './newsletter-account.service.ts';
import { toAdminSubscriberDto } from './newsletter-subscriber.mapper.ts';

const DIGEST_PER_TOPIC = 5;
/** How long an admin send waits for the mailer before answering 'pending'. */
const SEND_WAIT_MS = 15_000;

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const NEWSLETTER_REPOS = ['digests', 'newsletter', ...NEWSLETTER_ACCOUNT_REPOS] as const;

export function createNewsletterService(ctx: ServiceContext<(typeof NEWSLETTER_REPOS)[number]>) {
  const { config, clock } = ctx;
  const repo = ctx.repos.newsletter;
  const secret = resolveUnsubscribeSecret(config);

  /** The subscriber a signed token names; null when it is forged, tampered with or revoked. */
  async function findSubscriberOfToken(token: string): Promise<NewsletterSubscriber | null> {
    const id = subscriberIdOf(token);
    const subscriber = id ? await repo.findSubscriber(id) : null;
    return subscriber && verifyUnsubscribeToken(secret, token, subscriber) ? subscriber : null;
  }

  /** The subscriber a signed token names, or 400 'Invalid unsubscribe link' (forged, tampered, revoked). */
  async function subscriberOfToken(token: string): Promise<NewsletterSubscriber> {
    const subscriber = await findSubscriberOfToken(token);
    if (!subscriber) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.invalidUnsubscribeLink);
    return subscriber;
  }

  /** Who the subscriber's digest of `date` was made for (see viewDigest). */
  async function digestRecipientOfDate(subscriber: NewsletterSubscriber, date: string) {
    const sent = await repo.findSentDelivery(subscriber.id, date);
    if (sent?.language) {
      return {
        ...digestRecipientOf(subscriber, sent.topicIds, sent.datasourceIds),
        language: toUiLanguage(sent.language),
        timeZone: sent.timeZone ?? subscriber.timeZone,
      };
    }
    if (sent?.sentAt)
      return digestRecipientOf(subscriber, await repo.topicIdsOnAt(subscriber.id, sent.sentAt));
    return currentRecipient(subscriber);
  }

  /** The subscriber's digest as the mailer would make it now (their topics, or their My feed). */
  async function currentRecipient(subscriber: NewsletterSubscriber) {
    const topicIds = (await repo.activeSubscriptions(subscriber.id)).map((row) => row.topicId);
    return ctx.repos.digests.recipientOf(subscriber, topicIds);
  }

  const render = (recipient: DigestRecipient, date: string) =>
    ctx.repos.digests.render(recipient, date, { publicUrl: config.PUBLIC_URL, perTopic: DIGEST_PER_TOPIC });

  return {
    ...createNewsletterAccountService(ctx),

    /** GET /api/admin/subscribers. */
    async adminList(query: AdminSubscribersQuery) {
      const { counts, rows } = await repo.adminList(query);
      return { counts, data: rows.map(toAdminSubscriberDto) };
    },

    /**
     * Double opt-in (the default): nothing the call asks for takes effect until the emailed link is
     * used; an existing subscriber is never edited by this anonymous call, only sent a confirmation.
     * One confirmation email per address per 10 minutes; every call gets the same answer.
     */
    async subscribe(body: NewsletterSubscribeBody, requestId: string): Promise<NewsletterSubscribeResponse> {
      const topicIds = [...new Set(body.topic_ids)];
      if ((await repo.countActiveTopics(topicIds)) !== topicIds.length) {
        throw new AppError('VALIDATION_FAILED', NEWSLETTER_MESSAGES.unknownTopic, {
          topic_ids: NEWSLETTER_MESSAGES.unknownTopic,
        });
      }
      const request = { language: body.language, timeZone: body.timezone, topicIds };
      const subscriber = await repo.findOrCreateSubscriber({ email: body.email, ...request });
      const now = clock();
      const isNewAddress = subscriber.confirmedAt === null && subscriber.status === 'active';
      if (!config.NEWSLETTER_DOUBLE_OPT_IN && isNewAddress) {
        await repo.subscribeNow(subscriber.id, request, now);
        return { success: true, error: null, pending_confirmation: false };
      }
      if (await repo.requestConfirmation(subscriber.id, request, now)) {
        try {
          await ctx.producer.enqueue('send-newsletter-confirmation', {
            subscriberId: subscriber.id,
            requestId,
          });
        } catch (error) {
          await repo.releaseConfirmation(subscriber.id);
          throw error;
        }
      } else {
        ctx.logger.info({ subscriberId: subscriber.id }, 'newsletter confirmation already sent recently');
      }
      return { success: true, error: null, pending_confirmation: true };
    },

    async view(token: string): Promise<UnsubscribeViewResponse> {
      const subscriber = await subscriberOfToken(token);
      const rows = await repo.activeSubscriptions(subscriber.id);
      const language = toUiLanguage(subscriber.language);
      const subscriptions: EmailSubscription[] = rows.map((row) => {
        const en = row.topic.name;
        const zh = row.topic.nameZh || row.topic.name;
        return {
          id: row.id,
          topic_id: row.topicId,
          topic_name: language === 'zh' ? zh : en,
          topic_name_zh: zh,
          topic_name_en: en,
          language: toUiLanguage(row.language),
          enabled: row.enabled,
        };
      });
      return {
        success: true,
        email: maskEmail(subscriber.email),
        language,
        time_zone: subscriber.timeZone,
        subscriptions,
        follows_my_feed: subscriber.followsMyFeed,
        has_account: subscriber.userId !== null,
      };
    },

    async unsubscribe(token: string, topicId?: string): Promise<UnsubscribeResponse> {
      const subscriber = await subscriberOfToken(token);
      const { count, remaining } = await repo.unsubscribe(subscriber.id, topicId);
      ctx.logger.info({ subscriberId: subscriber.id, topicId, count }, 'newsletter unsubscribe');
      return {
        success: true,
        message: count > 0 ? 'Successfully unsubscribed' : 'No active subscription to remove',
        unsubscribedCount: count,
        remainingCount: remaining,
      };
    },

    /**
     * The one-click link opened in a browser, in the subscriber's language: asks before unsubscribing
     * (its button POSTs), or says there is nothing left to receive; reads only. A link that names
     * nobody gets a 400 page in the browser's language.
     */
    async oneClickPage(token: string, browserLanguage: UiLanguage) {
      const subscriber = await findSubscriberOfToken(token);
      const reader = subscriber && {
        language: toUiLanguage(subscriber.language),
        email: maskEmail(subscriber.email),
        isSubscribed: (await repo.activeSubscriptions(subscriber.id)).length > 0,
      };
      return oneClickPage({ publicUrl: config.PUBLIC_URL, token, browserLanguage, reader });
    },

    /**
     * The management page's settings for the token's subscriber: the zone (the digest comes at 8 AM
     * there) and whether the digest follows My feed, which only a subscription with an account can.
     */
    async setPreferences(body: NewsletterPreferencesBody): Promise<NewsletterPreferencesResponse> {
      const subscriber = await subscriberOfToken(body.token);
      if (body.follows_my_feed && !subscriber.userId) {
        throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.followsMyFeedNeedsAccount);
      }
      const changes = { timeZone: body.time_zone, followsMyFeed: body.follows_my_feed };
      const updated = await repo.setPreferences(subscriber.id, changes);
      ctx.logger.info({ subscriberId: subscriber.id, ...changes }, 'newsletter preferences changed');
      return { success: true, time_zone: updated.timeZone, follows_my_feed: updated.followsMyFeed };
    },

    /** Uses a confirmation link (POST from the confirm page): applies the request it stored, once. */
    async confirm(token: string): Promise<NewsletterConfirmResponse> {
      const id = confirmationIdOf(token);
      const confirmation = id ? await repo.findConfirmation(id) : null;
      if (!confirmation || !verifyConfirmationToken(secret, token, confirmation)) {
        throw new AppError('NEWSLETTER_LINK_INVALID', NEWSLETTER_MESSAGES.invalidConfirmationLink);
      }
      const now = clock();
      if (confirmation.usedAt) {
        throw new AppError('NEWSLETTER_LINK_USED', NEWSLETTER_MESSAGES.usedConfirmationLink);
      }
      if (confirmation.expiresAt <= now) {
        throw new AppError('NEWSLETTER_LINK_EXPIRED', NEWSLETTER_MESSAGES.expiredConfirmationLink);
      }
      const applied = await repo.useConfirmation(confirmation, now);
      if (!applied) throw new AppError('NEWSLETTER_LINK_USED', NEWSLETTER_MESSAGES.usedConfirmationLink);
      ctx.logger.info({ subscriberId: applied.subscriberId }, 'newsletter subscription confirmed');
      const subscriber = confirmation.subscriber;
      const language = toUiLanguage(confirmation.language);
      const topics = await repo.topicNames(applied.topicIds);
      return {
        success: true,
        email: maskEmail(subscriber.email),
        language,
        time_zone: confirmation.timeZone ?? subscriber.timeZone,
        topics: topics.map((topic) => ({
          id: topic.id,
          name: language === 'zh' ? topic.nameZh || topic.name : topic.name,
        })),
      };
    },

    /**
     * The 'view in browser' page: the subscriber's digest for that date, links included. A digest that
     * was sent is shown as it was made (its topics, language and zone), also after the subscriber
     * unsubscribed; a date not sent yet shows what their current subscriptions would get.
     */
    async viewDigest(token: string, date: string): Promise<string> {
      const subscriber = await subscriberOfToken(token);
      const recipient = await digestRecipientOfDate(subscriber, date);
      const built = hasChoice(recipient) ? await render(recipient, date) : null;
      if (!built) throw new AppError('NOT_FOUND', 'No digest for this date');
      const links = digestLinks(config.PUBLIC_URL, recipient.language, token, date);
      return personalizeDigest(built.template, links, recipient.timeZone).html;
    },

    async preview(body: DigestPreviewBody): Promise<DigestPreviewResponse> {
      let recipient: DigestRecipient;
      if ('email' in body) {
        const subscriber = await repo.findSubscriberByEmail(body.email);
        if (!subscriber) throw new AppError('NOT_FOUND', 'No subscriber with this email');
        recipient = await currentRecipient(subscriber);
      } else {
        recipient = {
          id: '00000000-0000-0000-0000-000000000000',
          email: 'preview@example.com',
          language: body.language,
          timeZone: body.timezone,
          unsubscribeToken: 'preview',
          topicIds: body.topic_ids,
          datasourceIds: [],
        };
      }
      const date = body.date ?? localDateTime(clock(), recipient.timeZone).date;
      const built = hasChoice(recipient) ? await render(recipient, date) : null;
      if (!built) {
        return { digest_date: date, subject: '', html: '', text: '', summary_count: 0, would_send: false };
      }
      const token = signUnsubscribeToken(secret, recipient);
      const email = personalizeDigest(
        built.template,
        digestLinks(config.PUBLIC_URL, recipient.language, token, date),
        recipient.timeZone,
      );
      return {
        digest_date: date,
        subject: email.subject,
        html: email.html,
        text: email.text,
        summary_count: built.summaryCount,
        would_send: true,
      };
    },

    /** Today's digest (the subscriber's local date) now, through the mailer's own send path. */
    async sendNow(
      email: string,
      requestId: string,
    ): Promise<{ status: 200 | 202; body: DigestSendResponse }> {
      const subscriber = await repo.findSubscriberByEmail(email);
      if (!subscriber) throw new AppError('NOT_FOUND', 'No subscriber with this email');
      if (subscriber.status !== 'active') {
        throw new AppError('CONFLICT', `This subscriber is ${subscriber.status}; nothing is sent to them`);
      }
      if (!subscriber.confirmedAt) {
        throw new AppError('CONFLICT', 'This subscriber has not confirmed yet; nothing is sent to them');
      }
      const date = localDateTime(clock(), subscriber.timeZone).date;
      const existing = await repo.findDelivery(subscriber.id, date);
      if (existing?.status !== 'sent') {
        const jobId = await ctx.producer.enqueue('send-digest', {
          subscriberId: subscriber.id,
          digestDate: date,
          requestId,
        });
        await waitForJob(ctx.producer, jobId, SEND_WAIT_MS);
      }
      const row = await repo.findDelivery(subscriber.id, date);
      const status = row?.status ?? 'pending';
      const done = status === 'sent' || status === 'skipped' || status === 'failed';
      return {
        status: done ? 200 : 202,
        body: {
          digest_date: date,
          status,
          summary_count: row?.summaryCount ?? 0,
          error_message: row?.errorMessage ?? null,
        },
      };
    },
  };
}

async function waitForJob(producer: Producer, jobId: string, timeoutMs: number): Promise<void> {
  const queue = producer.queue(QUEUE_NAMES.digest);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'unknown';
    if (state === 'completed' || state === 'failed' || state === 'unknown') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
