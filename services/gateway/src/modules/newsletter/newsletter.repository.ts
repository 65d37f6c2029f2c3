import {
  type AdminSubscribersQuery,
  NEWSLETTER_CONFIRMATION_INTERVAL_MS,
  NEWSLETTER_CONFIRMATION_TTL_MS,
} from '@app/contracts';
import { type MailSuppression, type Prisma, type PrismaClient, suppressSubscriber } from '@app/db';
import { newUnsubscribeNonce } from '@app/digest';
import { toDataLanguage, toUiLanguage } from '@app/rules';
import { dateColumn } from '@app/time';
import { likeLiteral } from '../../lib/like-literal.ts';

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;

/** What a subscribe call asks for: applied at once only under single opt-in, else when confirmed. */
export type SubscriptionRequest = { language: 'en' | 'zh'; timeZone?: string; topicIds: string[] };

/**
 * The subscriber is active and confirmed now (also back from unsubscribed or bouncing: they just
 * consented again), in the requested language and zone; the requested topics are on, without
 * duplicates, and topics not named stay as they are. Topics deactivated since the request are left
 * out. Returns the topic ids turned on.
 */
async function applyRequest(
  tx: Prisma.TransactionClient,
  subscriberId: string,
  request: SubscriptionRequest,
  now: Date,
): Promise<string[]> {
  const language = toDataLanguage(request.language);
  await tx.newsletterSubscriber.update({
    where: { id: subscriberId },
    data: {
      status: 'active',
      confirmedAt: now,
      // A new consent lifts an earlier bounce or complaint.
      suppressionReason: null,
      suppressionSource: null,
      suppressedAt: null,
      suppressionDiagnostic: null,
      language,
      ...(request.timeZone ? { timeZone: request.timeZone } : {}),
    },
  });
  const topics = await tx.topic.findMany({
    where: { id: { in: request.topicIds }, isActive: true },
    select: { id: true },
  });
  const topicIds = topics.map((topic) => topic.id);
  await tx.newsletterSubscription.createMany({
    data: topicIds.map((topicId) => ({ subscriberId, topicId, language })),
    skipDuplicates: true,
  });
  await tx.newsletterSubscription.updateMany({
    where: { subscriberId, topicId: { in: topicIds } },
    data: { enabled: true, language },
  });
  return topicIds;
}

export function createNewsletterRepository(prisma: PrismaClient) {
  return {
    async countActiveTopics(topicIds: string[]): Promise<number> {
      return prisma.topic.count({ where: { id: { in: topicIds }, isActive: true } });
    },

    /**
     * The subscriber of an address; a new address gets a row that receives nothing yet (no topics,
     * not confirmed). An existing subscriber is returned untouched. Safe under concurrent calls.
     */
    async findOrCreateSubscriber(input: { email: string; language: 'en' | 'zh'; timeZone?: string }) {
      await prisma.newsletterSubscriber.createMany({
        data: [
          {
            email: input.email,
            language: toDataLanguage(input.language),
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
            unsubscribeToken: newUnsubscribeNonce(),
            status: 'active',
            confirmedAt: null,
          },
        ],
        skipDuplicates: true,
      });
      return prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: input.email } });
    },

    /**
     * Stores the request with a fresh link secret unless the last confirmation email to this subscriber
     * went out less than `interval` ago; true when the caller may send the email. One conditional
     * upsert on the subscriber's one row, so concurrent calls from any number of gateway processes
     * let exactly one through per interval.
     */
    async requestConfirmation(subscriberId: string, request: SubscriptionRequest, now: Date) {
      const rows = await prisma.$queryRaw<{ id: string }[]>`
        INSERT INTO newsletter_confirmations
          (id, subscriber_id, nonce, language, time_zone, topic_ids, sent_at, expires_at, created_at)
        VALUES (gen_random_uuid(), ${subscriberId}::uuid, ${newUnsubscribeNonce()},
                ${toDataLanguage(request.language)}::"Language", ${request.timeZone ?? null}::text,
                ${request.topicIds}::uuid[], ${now}, ${new Date(now.getTime() + NEWSLETTER_CONFIRMATION_TTL_MS)},
                ${now})
        ON CONFLICT (subscriber_id) DO UPDATE
          SET nonce = EXCLUDED.nonce, language = EXCLUDED.language, time_zone = EXCLUDED.time_zone,
              topic_ids = EXCLUDED.topic_ids, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at,
              used_at = NULL, created_at = EXCLUDED.created_at
          WHERE newsletter_confirmations.sent_at <= ${new Date(now.getTime() - NEWSLETTER_CONFIRMATION_INTERVAL_MS)}
        RETURNING id`;
      return rows.length > 0;
    },

    /** Gives the interval back when the email could not be queued, so the next call can send it. */
    releaseConfirmation: (subscriberId: string) =>
      prisma.newsletterConfirmation.updateMany({
        where: { subscriberId, usedAt: null },
        data: { sentAt: new Date(0) },
      }),

    findConfirmation: (id: string) =>
      prisma.newsletterConfirmation.findUnique({ where: { id }, include: { subscriber: true } }),

    /**
     * Uses the confirmation once and applies what it asked for; null when another call used it (or a
     * newer request replaced it) first.
     */
    async useConfirmation(confirmation: { id: string; nonce: string }, now: Date) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.newsletterConfirmation.updateMany({
          where: { id: confirmation.id, nonce: confirmation.nonce, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (count === 0) return null;
        const row = await tx.newsletterConfirmation.findUniqueOrThrow({ where: { id: confirmation.id } });
        const topicIds = await applyRequest(
          tx,
          row.subscriberId,
          {
            language: toUiLanguage(row.language),
            timeZone: row.timeZone ?? undefined,
            topicIds: row.topicIds,
          },
          now,
        );
        return { subscriberId: row.subscriberId, topicIds };
      });
    },

    /** Single opt-in (NEWSLETTER_DOUBLE_OPT_IN=false), for an address never confirmed: applied at once. */
    subscribeNow: (subscriberId: string, request: SubscriptionRequest, now: Date) =>
      prisma.$transaction((tx) => applyRequest(tx, subscriberId, request, now)),

    topicNames: (topicIds: string[]) =>
      prisma.topic.findMany({
        where: { id: { in: topicIds } },
        select: { id: true, name: true, nameZh: true },
        orderBy: { name: 'asc' },
      }),

    findSubscriber: (id: string) => prisma.newsletterSubscriber.findUnique({ where: { id } }),

    /**
     * The management page's settings: the zone whose 8 AM the digest waits for (the delivery rows per
     * local date keep it to one a day), and whether it follows the account's My feed. Unset: unchanged.
     */
    setPreferences: (subscriberId: string, preferences: { timeZone?: string; followsMyFeed?: boolean }) =>
      prisma.newsletterSubscriber.update({
        where: { id: subscriberId },
        data: preferences,
        select: { timeZone: true, followsMyFeed: true },
      }),

    /**
     * An account's subscriber: the one linked to it, else (only for a verified address, so nobody takes
     * over another person's digest by registering their address) the unlinked one of its address.
     */
    async findSubscriberOfAccount(account: { id: string; email: string; isEmailVerified: boolean }) {
      const linked = await prisma.newsletterSubscriber.findFirst({
        where: { userId: account.id },
        orderBy: { createdAt: 'asc' },
      });
      if (linked || !account.isEmailVerified) return linked;
      return prisma.newsletterSubscriber.findFirst({ where: { email: account.email, userId: null } });
    },

    /** Links the subscriber to the account (the reader changed it from there) and sets the option. */
    setAccountFollowsMyFeed: (subscriberId: string, userId: string, followsMyFeed: boolean) =>
      prisma.newsletterSubscriber.update({ where: { id: subscriberId }, data: { userId, followsMyFeed } }),

    countActiveSubscriptions: (subscriberId: string) =>
      prisma.newsletterSubscription.count({ where: { subscriberId, enabled: true } }),

    findSubscriberByEmail: (email: string) => prisma.newsletterSubscriber.findUnique({ where: { email } }),

    activeSubscriptions: (subscriberId: string) =>
      prisma.newsletterSubscription.findMany({
        where: { subscriberId, enabled: true },
        include: { topic: { select: { id: true, name: true, nameZh: true } } },
        orderBy: { topic: { name: 'asc' } },
      }),

    /**
     * Turns off one topic or all; when nothing is left the subscriber is marked unsubscribed.
     * Idempotent: a second call finds nothing enabled and counts 0.
     */
    async unsubscribe(subscriberId: string, topicId?: string) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.newsletterSubscription.updateMany({
          where: { subscriberId, enabled: true, ...(topicId ? { topicId } : {}) },
          data: { enabled: false },
        });
        const remaining = await tx.newsletterSubscription.count({ where: { subscriberId, enabled: true } });
        if (remaining === 0) {
          await tx.newsletterSubscriber.updateMany({
            where: { id: subscriberId, status: 'active' },
            data: { status: 'unsubscribed' },
          });
        }
        return { count, remaining };
      });
    },

    /** The admin's subscriber list: newest changes first, with counts per status over all subscribers. */
    /** A page of subscribers (newest change first) and how many there are in each state. */
    async adminList(query: AdminSubscribersQuery) {
      const where: Prisma.NewsletterSubscriberWhereInput = {
        ...(query.status ? { status: query.status } : {}),
        ...(query.q ? { email: { contains: likeLiteral(query.q.toLowerCase()) } } : {}),
      };
      const [rows, groups] = await Promise.all([
        prisma.newsletterSubscriber.findMany({
          where,
          orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
          take: query.limit,
        }),
        prisma.newsletterSubscriber.groupBy({ by: ['status'], _count: { _all: true } }),
      ]);
      const counts = { active: 0, bouncing: 0, unsubscribed: 0 };
      for (const group of groups) counts[group.status] = group._count._all;
      return { counts, rows };
    },

    /** A bounce or complaint reported by the email provider (see suppressSubscriber in @app/db). */
    suppress: (suppression: MailSuppression) => suppressSubscriber(prisma, suppression),

    /** The digest that went to the subscriber for that date, with what it was made of; null if none did. */
    findSentDelivery: (subscriberId: string, digestDate: string) =>
      prisma.emailDelivery.findFirst({
        where: { subscriberId, digestDate: dateColumn(digestDate), status: 'sent' },
      }),

    /**
     * The topics that were on at `at`, from the subscription rows as they are now: a row turned off
     * since then was last changed after it (turning a row off is its last change until it is turned
     * on again). For digests sent before a delivery kept its own topic list.
     */
    async topicIdsOnAt(subscriberId: string, at: Date): Promise<string[]> {
      const rows = await prisma.newsletterSubscription.findMany({
        where: { subscriberId, createdAt: { lte: at }, OR: [{ enabled: true }, { updatedAt: { gt: at } }] },
        select: { topicId: true },
      });
      return rows.map((row) => row.topicId);
    },

    findDelivery: (subscriberId: string, digestDate: string) =>
      prisma.emailDelivery.findUnique({
        where: { subscriberId_digestDate: { subscriberId, digestDate: dateColumn(digestDate) } },
      }),
  };
}
