import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';

// Billing API (spec §3 "Subscription (billing)", "Payment history item"; §7 subscription
// management and checkout session creation; §9 prices). Amounts are integer cents.

/** The billing API's messages (the web app shows its translations of them). */
export const BILLING_MESSAGES = {
  notConfigured: 'Payments are not available: Stripe is not configured on this server',
  alreadySubscribed: 'You already have an active Pro subscription',
  noSubscription: 'No subscription found',
  notCancelable: 'Only an active subscription can be cancelled',
  notReactivatable: 'This subscription is not set to cancel',
  cancelled: 'Your subscription will be cancelled at the end of the billing period',
  reactivated: 'Your subscription has been reactivated',
  cancelFailed: 'Failed to cancel subscription',
  reactivateFailed: 'Failed to reactivate subscription',
  demoOff: 'The demo checkout is off on this server',
  demoSessionInvalid: 'This checkout link is invalid or has expired. Start again from the pricing page.',
  demoNotEnding: 'Only a subscription set to cancel can end now',
  demoEnded: 'Your subscription has ended',
  demoDeliveryFailed: 'The demo checkout could not deliver its payment event',
} as const;

export const BillingPlanSchema = z.enum(['monthly', 'annual']);
export type BillingPlan = z.infer<typeof BillingPlanSchema>;

/** §9: the price and the struck-through list price of each paid plan; default currency USD. */
export const PLAN_PRICES = {
  monthly: { amountCents: 499, listAmountCents: 999, interval: 'month' },
  annual: { amountCents: 4999, listAmountCents: 9999, interval: 'year' },
} as const satisfies Record<BillingPlan, { amountCents: number; listAmountCents: number; interval: string }>;
export const DEFAULT_CURRENCY = 'usd';

/** §4: the known values; anything else is stored and shown raw. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'canceled',
  'past_due',
  'unpaid',
  'trialing',
  'incomplete',
] as const;
export type KnownSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses that carry Pro access (a canceled one keeps it until its period end). */
export const ENTITLED_STATUSES = ['active', 'trialing'] as const;

/** The plan comes from the client, never a price id: the gateway maps it from its configuration. */
export const CheckoutBodySchema = z.object({
  plan: BillingPlanSchema,
  /** The language path the user comes back to (success and cancel URLs). */
  language: UiLanguageSchema.default('en'),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const CheckoutResponseSchema = z.object({ success: z.literal(true), checkout_url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const BillingSubscriptionSchema = z.object({
  id: z.string(),
  subscription_type: BillingPlanSchema,
  status: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type BillingSubscriptionDto = z.infer<typeof BillingSubscriptionSchema>;

export const PaymentHistoryItemSchema = z.object({
  id: z.string(),
  description: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItemSchema>;

export const SubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscription: BillingSubscriptionSchema.nullable(),
  payment_history: z.array(PaymentHistoryItemSchema),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const SubscriptionActionBodySchema = z.object({
  action: z.enum(['cancel', 'reactivate'], { error: "action must be 'cancel' or 'reactivate'" }),
  /** Optional: the caller's own subscription row; default the current one. */
  subscription_id: z.uuid().optional(),
});
export type SubscriptionActionBody = z.infer<typeof SubscriptionActionBodySchema>;

export const SubscriptionActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: BillingSubscriptionSchema,
});
export type SubscriptionActionResponse = z.infer<typeof SubscriptionActionResponseSchema>;

export const WebhookResponseSchema = z.object({
  received: z.literal(true),
  /** True when the event id was seen before and nothing was done. */
  duplicate: z.boolean(),
});

// The demo checkout (BILLING_DEMO: a fresh install without Stripe keys): a local page plays Stripe
// Checkout's part and sends Stripe's signed events through the real webhook. No money moves.

/** The demo session's signed token, as the demo page has it (`/pricing?demo_checkout=…`). */
const DemoSessionTokenSchema = z.string().trim().min(1, 'session is required').max(4096);

export const DemoCheckoutQuerySchema = z.object({ session: DemoSessionTokenSchema });
export type DemoCheckoutQuery = z.infer<typeof DemoCheckoutQuerySchema>;

/** What the demo page shows: the plan and price the session was opened for, and where "back" goes. */
export const DemoCheckoutSessionSchema = z.object({
  plan: BillingPlanSchema,
  amount_cents: z.number().int(),
  currency: z.string(),
  email: z.string().nullable(),
  cancel_url: z.string(),
});
export type DemoCheckoutSession = z.infer<typeof DemoCheckoutSessionSchema>;

export const DemoCheckoutPayBodySchema = z.object({ session: DemoSessionTokenSchema });
export type DemoCheckoutPayBody = z.infer<typeof DemoCheckoutPayBodySchema>;

/** Paid: the page goes where Stripe would send the customer (the profile, `?payment=success`). */
export const DemoCheckoutPayResponseSchema = z.object({ success: z.literal(true), redirect_url: z.string() });
export type DemoCheckoutPayResponse = z.infer<typeof DemoCheckoutPayResponseSchema>;

/** Ends the caller's cancelling demo subscription now, as Stripe does when the period is over. */
export const DemoEndPeriodResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type DemoEndPeriodResponse = z.infer<typeof DemoEndPeriodResponseSchema>;
