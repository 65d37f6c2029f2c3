import { DEFAULT_CURRENCY, PLAN_PRICES } from '@app/contracts';
import type { BillingPlan } from '@app/db';
import { z } from 'zod';
import type { GatewayConfig } from '../../config.ts';
import type { PaymentSnapshot, SubscriptionSnapshot } from './billing.repository.ts';

// The parts of Stripe's objects billing reads, checked with zod after the signature check: a
// payload of another shape is refused instead of half-applied. Both the pre-2025 layout (period
// and subscription on the top level) and the current one (on items, on invoice.parent) are read.

const id = z.string().min(1).max(255);
const expandable = z.union([id, z.object({ id }).transform((o) => o.id)]);
const unix = z.number().int().nullish();
const metadata = z.record(z.string(), z.string()).nullish();

const PriceSchema = z.object({
  id,
  unit_amount: z.number().int().nullish(),
  currency: z.string().nullish(),
  recurring: z.object({ interval: z.string() }).nullish(),
});

export const StripeSubscriptionSchema = z.object({
  id,
  object: z.literal('subscription'),
  customer: expandable.nullish(),
  status: z.string().min(1).max(64),
  cancel_at_period_end: z.boolean().default(false),
  canceled_at: unix,
  current_period_start: unix,
  current_period_end: unix,
  metadata,
  items: z.object({
    data: z.array(
      z.object({ price: PriceSchema.nullish(), current_period_start: unix, current_period_end: unix }),
    ),
  }),
});
export type StripeSubscription = z.infer<typeof StripeSubscriptionSchema>;

export const StripeCheckoutSessionSchema = z.object({
  id,
  object: z.literal('checkout.session'),
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: expandable.nullish(),
  subscription: expandable.nullish(),
  metadata,
});

export const StripeInvoiceSchema = z.object({
  id,
  object: z.literal('invoice'),
  customer: expandable.nullish(),
  subscription: expandable.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: expandable.nullish(), metadata }).nullish(),
    })
    .nullish(),
  amount_paid: z.number().int().default(0),
  amount_due: z.number().int().default(0),
  currency: z.string().default(DEFAULT_CURRENCY),
  status_transitions: z.object({ paid_at: unix }).nullish(),
  created: unix,
  lines: z.object({ data: z.array(z.object({ description: z.string().nullish() })) }).nullish(),
});
export type StripeInvoice = z.infer<typeof StripeInvoiceSchema>;

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The plan of a price: our configured ids first, then the billing interval. */
export function planOfPrice(
  config: GatewayConfig,
  price: z.infer<typeof PriceSchema> | null | undefined,
): BillingPlan {
  if (price?.id && price.id === config.STRIPE_PRICE_ANNUAL) return 'annual';
  if (price?.id && price.id === config.STRIPE_PRICE_MONTHLY) return 'monthly';
  return price?.recurring?.interval === 'year' ? 'annual' : 'monthly';
}

export function toSubscriptionSnapshot(
  config: GatewayConfig,
  subscription: StripeSubscription,
  userId: string,
): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const price = item?.price;
  const plan = planOfPrice(config, price);
  return {
    userId,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: subscription.customer ?? null,
    stripePriceId: price?.id ?? null,
    plan,
    status: subscription.status,
    amountCents: price?.unit_amount ?? PLAN_PRICES[plan].amountCents,
    currency: price?.currency ?? DEFAULT_CURRENCY,
    currentPeriodStart: toDate(item?.current_period_start ?? subscription.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end ?? subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: toDate(subscription.canceled_at),
  };
}

export function subscriptionIdOfInvoice(invoice: StripeInvoice): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

export function toPaymentSnapshot(
  invoice: StripeInvoice,
  userId: string,
  status: 'succeeded' | 'failed',
  fallbackDescription: string,
): PaymentSnapshot {
  return {
    userId,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: subscriptionIdOfInvoice(invoice),
    description: invoice.lines?.data[0]?.description ?? fallbackDescription,
    amountCents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    paidAt: status === 'succeeded' ? (toDate(invoice.status_transitions?.paid_at) ?? new Date()) : null,
  };
}
