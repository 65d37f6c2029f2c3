import { AppError } from '@app/contracts';
import type { Prisma } from '@app/db';
import { z } from 'zod';
import type { SubscriptionSnapshot } from './billing.repository.ts';
import { BILLING_MESSAGES } from './billing.service.ts';
import type { ServiceContext } from '../context.ts';
import {
  StripeCheckoutSessionSchema,
  type StripeInvoice,
  StripeInvoiceSchema,
  type StripeSubscription,
  StripeSubscriptionSchema,
  subscriptionIdOfInvoice,
  toPaymentSnapshot,
  toSubscriptionSnapshot,
} from './stripe-objects.ts';
import type { StripeLoader } from './stripe-client.ts';

export type BillingWebhookService = ReturnType<typeof createBillingWebhookService>;

const EventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type StripeEvent = z.infer<typeof EventSchema>;

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

type Effect = (tx: Prisma.TransactionClient) => Promise<unknown>;

const PLAN_DESCRIPTIONS = { monthly: 'Pro Monthly subscription', annual: 'Pro Annual subscription' } as const;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const BILLING_WEBHOOK_REPOS = ['billing'] as const;

/**
 * POST /api/billing/webhook: checks Stripe's signature on the raw body, then applies checkout
 * completion, subscription created/updated/deleted and invoice paid/failed. Network reads (the
 * current subscription from Stripe) happen first; the writes and the event id go in one
 * transaction, so a replayed event has no second effect and a failed one is retried by Stripe.
 */
export function createBillingWebhookService(
  ctx: ServiceContext<(typeof BILLING_WEBHOOK_REPOS)[number]>,
  stripe: StripeLoader | null,
) {
  const { config, repos, logger } = ctx;
  const secret = config.STRIPE_WEBHOOK_SECRET;

  /** Stripe's latest view of a subscription: events can arrive out of order, the API cannot. */
  async function latestSubscription(fallback: unknown, subscriptionId: string): Promise<StripeSubscription> {
    if (stripe) {
      try {
        return StripeSubscriptionSchema.parse(await (await stripe()).subscriptions.retrieve(subscriptionId));
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing' || !fallback) throw error;
      }
    }
    return StripeSubscriptionSchema.parse(fallback);
  }

  async function ownerOf(subscription: StripeSubscription, hint?: string | null): Promise<string | null> {
    const existing = await repos.billing.findByStripeId(subscription.id);
    if (existing) return existing.userId;
    for (const candidate of [hint, subscription.metadata?.user_id]) {
      if (candidate && z.uuid().safeParse(candidate).success && (await repos.billing.userExists(candidate)))
        return candidate;
    }
    return subscription.customer ? repos.billing.findUserIdByCustomer(subscription.customer) : null;
  }

  const saveSubscription =
    (snapshot: SubscriptionSnapshot): Effect =>
    async (tx) => {
      await repos.billing.upsertSubscription(snapshot, tx);
      await repos.billing.syncPlan(snapshot.userId, tx);
    };

  async function subscriptionEffect(
    subscription: StripeSubscription,
    hint?: string | null,
  ): Promise<Effect | null> {
    const userId = await ownerOf(subscription, hint);
    if (!userId) return null;
    return saveSubscription(toSubscriptionSnapshot(config, subscription, userId));
  }

  async function invoiceEffect(invoice: StripeInvoice, paid: boolean): Promise<Effect | null> {
    const subscriptionId = subscriptionIdOfInvoice(invoice);
    if (!subscriptionId) return null;
    const known = await repos.billing.findByStripeId(subscriptionId);
    let owner = known?.userId ?? null;
    let plan = known?.plan ?? 'monthly';
    let first: Effect | null = null;
    if (!known) {
      // An invoice can arrive before the checkout event: record its subscription first.
      const subscription = await latestSubscription(null, subscriptionId);
      owner = await ownerOf(subscription, invoice.parent?.subscription_details?.metadata?.user_id);
      if (!owner) return null;
      const snapshot = toSubscriptionSnapshot(config, subscription, owner);
      plan = snapshot.plan;
      first = saveSubscription(snapshot);
    }
    if (!owner) return null;
    const payment = toPaymentSnapshot(invoice, owner, paid ? 'succeeded' : 'failed', PLAN_DESCRIPTIONS[plan]);
    return async (tx) => {
      await first?.(tx);
      await repos.billing.upsertPayment(payment, tx);
    };
  }

  /** Reads what the event needs (from the payload, and Stripe for subscriptions); writes nothing. */
  async function prepare(type: string, object: Record<string, unknown>): Promise<Effect | null> {
    if (type === 'checkout.session.completed') {
      const session = StripeCheckoutSessionSchema.parse(object);
      if (session.mode !== 'subscription' || !session.subscription) return null;
      const subscription = await latestSubscription(null, session.subscription);
      return subscriptionEffect(subscription, session.client_reference_id ?? session.metadata?.user_id);
    }
    if (SUBSCRIPTION_EVENTS.includes(type)) {
      const payload = StripeSubscriptionSchema.parse(object);
      return subscriptionEffect(await latestSubscription(payload, payload.id));
    }
    if (type === 'invoice.paid' || type === 'invoice.payment_succeeded')
      return invoiceEffect(StripeInvoiceSchema.parse(object), true);
    if (type === 'invoice.payment_failed') return invoiceEffect(StripeInvoiceSchema.parse(object), false);
    return null;
  }

  return {
    /** Verifies the signature (400 when it does not match) and returns the parsed event. */
    async verify(rawBody: Buffer, signature: string | undefined) {
      if (!secret) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.notConfigured);
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      if (!stripe) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.notConfigured);
      const client = await stripe();
      let event: unknown;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
      }
      const parsed = EventSchema.safeParse(event);
      if (!parsed.success) throw new AppError('BAD_REQUEST', 'Not a Stripe event');
      return parsed.data;
    },

    async handle(event: StripeEvent): Promise<{ received: true; duplicate: boolean }> {
      // A cheap early answer for replays; processEventOnce below is the authoritative check.
      if (await repos.billing.eventSeen(event.id)) return { received: true, duplicate: true };
      const effect = await prepare(event.type, event.data.object).catch((error: unknown) => {
        if (!(error instanceof z.ZodError)) throw error;
        logger.warn(
          { eventId: event.id, type: event.type, err: error },
          'stripe event of an unexpected shape',
        );
        throw new AppError('BAD_REQUEST', 'Unexpected Stripe object in the event');
      });
      if (!effect)
        logger.info({ eventId: event.id, type: event.type }, 'stripe event recorded without effect');
      const applied = await repos.billing.processEventOnce(
        { id: event.id, type: event.type, payload: event as Prisma.InputJsonValue },
        async (tx) => {
          await effect?.(tx);
        },
      );
      return { received: true, duplicate: !applied };
    },
  };
}
