import { randomUUID } from 'node:crypto';
import {
  AppError,
  BILLING_MESSAGES,
  type BillingSubscriptionDto,
  CHECKOUT_RETRY_POLICY,
  type CheckoutBody,
  type CheckoutResponse,
  DEFAULT_RETRY_POLICY,
  MESSAGES,
  type PaymentHistoryItem,
  type SubscriptionActionBody,
  type SubscriptionActionResponse,
  type SubscriptionResponse,
} from '@app/contracts';
import type { BillingSubscription, Payment } from '@app/db';
import { classifyPaymentError } from '@app/rules';
import type { Stripe } from 'stripe';
import { withRetry } from '../../lib/retry.ts';
import type { ServiceContext } from '../context.ts';
import { createStripeClient, isCheckoutConfigured } from './stripe-client.ts';
import { StripeSubscriptionSchema, toSubscriptionSnapshot } from './stripe-objects.ts';

export type BillingService = ReturnType<typeof createBillingService>;

export { BILLING_MESSAGES };

const ACTIVE = ['active', 'trialing'];

export function toSubscriptionDto(row: BillingSubscription): BillingSubscriptionDto {
  return {
    id: row.id,
    subscription_type: row.plan,
    status: row.status,
    amount_cents: row.amountCents,
    currency: row.currency,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
  };
}

function toPaymentDto(row: Payment): PaymentHistoryItem {
  return {
    id: row.id,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
    status: row.status,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A Stripe failure as the API's error: card problems 402, everything else 503; fields name the codes. */
export function toPaymentAppError(error: unknown, fallback?: string): AppError {
  const classified = classifyPaymentError(error);
  const raw = error as { statusCode?: number; rawType?: string; decline_code?: string };
  const fields: Record<string, string> = { payment_error: classified.key };
  if (classified.providerCode) fields.provider_code = classified.providerCode;
  if (raw.decline_code) fields.decline_code = raw.decline_code;
  const isCardError = raw.rawType === 'card_error' || raw.statusCode === 402;
  const message = classified.key === 'generic' && fallback ? fallback : classified.description;
  return new AppError(isCardError ? 'PAYMENT_FAILED' : 'UNAVAILABLE', message, fields);
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const BILLING_REPOS = ['billing', 'users'] as const;

export function createBillingService(
  { config, repos, logger }: ServiceContext<(typeof BILLING_REPOS)[number]>,
  stripe = createStripeClient(config),
) {
  const requireStripe = (): Promise<Stripe> => {
    if (!stripe) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.notConfigured);
    return stripe();
  };

  return {
    stripe,

    async createCheckout(userId: string, body: CheckoutBody): Promise<CheckoutResponse> {
      if (!isCheckoutConfigured(config)) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.notConfigured);
      const client = await requireStripe();
      const user = await repos.users.findById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      if (await repos.billing.hasEntitled(userId))
        throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
      // The price comes from configuration only: a client can pick a plan, never a price.
      const price = body.plan === 'annual' ? config.STRIPE_PRICE_ANNUAL : config.STRIPE_PRICE_MONTHLY;
      const base = `${config.PUBLIC_URL}${body.language === 'zh' ? '/zh' : ''}`;
      const customer = await repos.billing.findCustomerId(userId);
      const metadata = { user_id: userId, plan: body.plan };
      // One key for all attempts: should a "failed" attempt have gone through, Stripe answers the
      // retry with that same session instead of creating a second one.
      const idempotencyKey = `checkout-${randomUUID()}`;
      try {
        const session = await withRetry(
          () =>
            client.checkout.sessions.create(
              {
                mode: 'subscription',
                line_items: [{ price, quantity: 1 }],
                success_url: `${base}/profile?payment=success`,
                cancel_url: `${base}/pricing?payment=canceled`,
                client_reference_id: userId,
                ...(customer ? { customer } : { customer_email: user.email }),
                metadata,
                subscription_data: { metadata },
                locale: body.language,
              },
              { idempotencyKey },
            ),
          {
            policy: CHECKOUT_RETRY_POLICY,
            onRetry: (error, retry, delayMs) =>
              logger.warn(
                { err: error, retry, delayMs, userId },
                'checkout session creation failed; retrying',
              ),
          },
        );
        if (!session.url) throw new AppError('UNAVAILABLE', 'Checkout did not return a payment page');
        return { success: true, checkout_url: session.url };
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error({ err: error, userId }, 'checkout session creation failed');
        throw toPaymentAppError(error);
      }
    },

    async getSubscription(userId: string): Promise<SubscriptionResponse> {
      const [current, payments] = await Promise.all([
        repos.billing.findCurrent(userId),
        repos.billing.listPayments(userId),
      ]);
      return {
        success: true,
        subscription: current ? toSubscriptionDto(current) : null,
        payment_history: payments.map(toPaymentDto),
      };
    },

    /** Cancel at period end, or undo that; only ever on the caller's own subscription. */
    async changeSubscription(
      userId: string,
      body: SubscriptionActionBody,
    ): Promise<SubscriptionActionResponse> {
      const client = await requireStripe();
      const row = body.subscription_id
        ? await repos.billing.findOwn(userId, body.subscription_id)
        : await repos.billing.findCurrent(userId);
      if (!row?.stripeSubscriptionId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noSubscription);
      const cancel = body.action === 'cancel';
      if (!ACTIVE.includes(row.status)) throw new AppError('CONFLICT', BILLING_MESSAGES.notCancelable);
      if (!cancel && !row.cancelAtPeriodEnd)
        throw new AppError('CONFLICT', BILLING_MESSAGES.notReactivatable);
      const stripeId = row.stripeSubscriptionId;
      let updated: unknown;
      try {
        updated = await withRetry(
          () => client.subscriptions.update(stripeId, { cancel_at_period_end: cancel }),
          { policy: DEFAULT_RETRY_POLICY },
        );
      } catch (error) {
        logger.error({ err: error, userId, action: body.action }, 'subscription change failed');
        throw toPaymentAppError(
          error,
          cancel ? BILLING_MESSAGES.cancelFailed : BILLING_MESSAGES.reactivateFailed,
        );
      }
      const snapshot = toSubscriptionSnapshot(config, StripeSubscriptionSchema.parse(updated), userId);
      const saved = await repos.billing.upsertSubscription(snapshot);
      await repos.billing.syncPlan(userId);
      return {
        success: true,
        message: cancel ? BILLING_MESSAGES.cancelled : BILLING_MESSAGES.reactivated,
        subscription: toSubscriptionDto(saved),
      };
    },
  };
}
