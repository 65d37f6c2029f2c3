import { ENTITLED_STATUSES } from '@app/contracts';
import type { BillingPlan, BillingSubscription, Payment, Prisma, PrismaClient } from '@app/db';

export type BillingRepository = ReturnType<typeof createBillingRepository>;
type Db = PrismaClient | Prisma.TransactionClient;

/** A Stripe subscription as billing stores it (ids are Stripe's; userId is ours). */
export type SubscriptionSnapshot = {
  userId: string;
  stripeSubscriptionId: string;
  stripeCustomerId: string | null;
  stripePriceId: string | null;
  plan: BillingPlan;
  status: string;
  amountCents: number;
  currency: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
};

/** A Stripe invoice as a payment history row. */
export type PaymentSnapshot = {
  userId: string;
  stripeInvoiceId: string;
  stripeSubscriptionId: string | null;
  description: string | null;
  amountCents: number;
  currency: string;
  status: string;
  paidAt: Date | null;
};

const ENTITLED: readonly string[] = ENTITLED_STATUSES;
// Rows the panel shows as the current subscription: everything but a finished one.
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

export function createBillingRepository(prisma: PrismaClient) {
  return {
    /** The subscription the profile panel shows: the newest one that has not ended. */
    findCurrent: (userId: string): Promise<BillingSubscription | null> =>
      prisma.billingSubscription.findFirst({
        where: { userId, status: { notIn: ENDED_STATUSES } },
        orderBy: { createdAt: 'desc' },
      }),

    findOwn: (userId: string, id: string) => prisma.billingSubscription.findFirst({ where: { id, userId } }),

    hasEntitled: async (userId: string) =>
      (await prisma.billingSubscription.count({ where: { userId, status: { in: [...ENTITLED] } } })) > 0,

    /** The Stripe customer of the user's last subscription, reused so one person is one customer. */
    findCustomerId: async (userId: string) =>
      (
        await prisma.billingSubscription.findFirst({
          where: { userId, stripeCustomerId: { not: null } },
          orderBy: { createdAt: 'desc' },
          select: { stripeCustomerId: true },
        })
      )?.stripeCustomerId ?? null,

    findByStripeId: (stripeSubscriptionId: string, db: Db = prisma) =>
      db.billingSubscription.findUnique({ where: { stripeSubscriptionId } }),

    findUserIdByCustomer: async (stripeCustomerId: string) =>
      (
        await prisma.billingSubscription.findFirst({
          where: { stripeCustomerId },
          orderBy: { createdAt: 'desc' },
          select: { userId: true },
        })
      )?.userId ?? null,

    userExists: async (userId: string) => (await prisma.user.count({ where: { id: userId } })) > 0,

    listPayments: (userId: string, limit = 50): Promise<Payment[]> =>
      prisma.payment.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: limit }),

    eventSeen: async (eventId: string) => (await prisma.stripeEvent.count({ where: { eventId } })) > 0,

    /**
     * Runs `apply` in one transaction with the event's row: an event id seen before changes nothing
     * (returns false). A failure rolls the row back too, so Stripe's redelivery is processed again.
     */
    async processEventOnce(
      event: { id: string; type: string; payload: Prisma.InputJsonValue },
      apply: (tx: Prisma.TransactionClient) => Promise<void>,
    ): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        // ON CONFLICT DO NOTHING: a concurrent delivery of the same id waits here, then sees count 0.
        const { count } = await tx.stripeEvent.createMany({
          data: [{ eventId: event.id, type: event.type, payload: event.payload, processedAt: new Date() }],
          skipDuplicates: true,
        });
        if (count === 0) return false;
        await apply(tx);
        return true;
      });
    },

    upsertSubscription: (snapshot: SubscriptionSnapshot, db: Db = prisma) =>
      db.billingSubscription.upsert({
        where: { stripeSubscriptionId: snapshot.stripeSubscriptionId },
        create: snapshot,
        // The owner never changes once recorded.
        update: { ...snapshot, userId: undefined },
      }),

    async upsertPayment(snapshot: PaymentSnapshot, db: Db = prisma) {
      const { stripeSubscriptionId, ...fields } = snapshot;
      const subscription = stripeSubscriptionId
        ? await db.billingSubscription.findUnique({ where: { stripeSubscriptionId }, select: { id: true } })
        : null;
      const data = { ...fields, subscriptionId: subscription?.id ?? null };
      return db.payment.upsert({
        where: { stripeInvoiceId: snapshot.stripeInvoiceId },
        create: data,
        // A paid invoice stays paid: a late payment_failed for the same invoice does not undo it.
        update: snapshot.status === 'succeeded' ? { ...data, userId: undefined } : {},
      });
    },

    /**
     * user_profiles.subscription_type from the user's Stripe subscriptions: pro while one is active
     * or trialing (a cancel-at-period-end one stays active until its period ends), free after.
     * Users without any Stripe subscription (Pro granted by hand) are left as they are.
     */
    async syncPlan(userId: string, db: Db = prisma) {
      const rows = await db.billingSubscription.findMany({ where: { userId }, select: { status: true } });
      if (rows.length === 0) return null;
      const plan = rows.some((row) => ENTITLED.includes(row.status)) ? 'pro' : 'free';
      await db.userProfile.upsert({
        where: { id: userId },
        create: { id: userId, role: 'user', subscriptionType: plan },
        update: { subscriptionType: plan },
      });
      return plan;
    },
  };
}
