import type { PrismaClient } from '@app/db';
import { newUnsubscribeNonce } from '@app/mailer/digest';

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;

const toDataLanguage = (language: 'en' | 'zh') => (language === 'zh' ? 'ZH' : 'EN');

export function createNewsletterRepository(prisma: PrismaClient) {
  return {
    /** The digest renderer reads summaries and topics itself (admin preview, 'view in browser'). */
    prisma,

    async countActiveTopics(topicIds: string[]): Promise<number> {
      return prisma.topic.count({ where: { id: { in: topicIds }, isActive: true } });
    },

    /**
     * Creates or updates the subscriber and turns the given topics on, without duplicates (the
     * unique (subscriber, topic) pair); topics not named stay as they are. A subscriber who had
     * unsubscribed or bounced is active again: they just typed the address in.
     */
    async subscribe(input: {
      email: string;
      language: 'en' | 'zh';
      timeZone?: string;
      topicIds: string[];
      confirmNow: boolean;
      now: Date;
    }) {
      const language = toDataLanguage(input.language);
      return prisma.$transaction(async (tx) => {
        const subscriber = await tx.newsletterSubscriber.upsert({
          where: { email: input.email },
          create: {
            email: input.email,
            language,
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
            unsubscribeToken: newUnsubscribeNonce(),
            status: 'active',
            confirmedAt: input.confirmNow ? input.now : null,
          },
          update: {
            language,
            status: 'active',
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          },
        });
        const confirmed =
          subscriber.confirmedAt ??
          (input.confirmNow
            ? (
                await tx.newsletterSubscriber.update({
                  where: { id: subscriber.id },
                  data: { confirmedAt: input.now },
                })
              ).confirmedAt
            : null);
        await tx.newsletterSubscription.createMany({
          data: input.topicIds.map((topicId) => ({ subscriberId: subscriber.id, topicId, language })),
          skipDuplicates: true,
        });
        await tx.newsletterSubscription.updateMany({
          where: { subscriberId: subscriber.id, topicId: { in: input.topicIds } },
          data: { enabled: true, language },
        });
        return { ...subscriber, confirmedAt: confirmed };
      });
    },

    findSubscriber: (id: string) => prisma.newsletterSubscriber.findUnique({ where: { id } }),

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

    confirm: (id: string, now: Date) =>
      prisma.newsletterSubscriber.updateMany({
        where: { id, confirmedAt: null },
        data: { confirmedAt: now },
      }),

    findDelivery: (subscriberId: string, digestDate: string) =>
      prisma.emailDelivery.findUnique({
        where: { subscriberId_digestDate: { subscriberId, digestDate: new Date(`${digestDate}T00:00:00Z`) } },
      }),
  };
}
