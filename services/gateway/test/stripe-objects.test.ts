import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.ts';
import {
  StripeInvoiceSchema,
  StripeSubscriptionSchema,
  subscriptionIdOfInvoice,
  toPaymentSnapshot,
  toSubscriptionSnapshot,
} from '../src/modules/billing/stripe-objects.ts';

const base = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x',
  PUBLIC_URL: 'http://app.test',
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
};
const config = loadGatewayConfig({
  ...base,
  STRIPE_SECRET_KEY: 'sk_test',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_ANNUAL: 'price_a',
});
const USER = '00000000-0000-4000-8000-000000000001';

describe('Stripe objects → billing rows', () => {
  it('reads the pre-2025 layout: period on the subscription, subscription on the invoice', () => {
    const subscription = StripeSubscriptionSchema.parse({
      id: 'sub_1',
      object: 'subscription',
      customer: { id: 'cus_1' },
      status: 'trialing',
      cancel_at_period_end: true,
      current_period_start: 1_700_000_000,
      current_period_end: 1_702_592_000,
      items: { data: [{ price: { id: 'price_a', unit_amount: null } }] },
    });
    expect(toSubscriptionSnapshot(config, subscription, USER)).toMatchObject({
      stripeCustomerId: 'cus_1',
      plan: 'annual',
      status: 'trialing',
      amountCents: 4999,
      currency: 'usd',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(1_702_592_000 * 1000),
    });
    const invoice = StripeInvoiceSchema.parse({
      id: 'in_1',
      object: 'invoice',
      subscription: 'sub_1',
      amount_paid: 4999,
      currency: 'usd',
      status_transitions: { paid_at: 1_700_000_100 },
      lines: { data: [{ description: '1 × Pro Annual' }] },
    });
    expect(subscriptionIdOfInvoice(invoice)).toBe('sub_1');
    expect(toPaymentSnapshot(invoice, USER, 'succeeded', 'fallback')).toMatchObject({
      description: '1 × Pro Annual',
      amountCents: 4999,
      paidAt: new Date(1_700_000_100 * 1000),
    });
  });

  it('reads the current layout: period on the item, subscription under invoice.parent; interval picks the plan', () => {
    const subscription = StripeSubscriptionSchema.parse({
      id: 'sub_2',
      object: 'subscription',
      customer: 'cus_2',
      status: 'active',
      items: {
        data: [
          {
            price: { id: 'price_other', unit_amount: 9900, currency: 'eur', recurring: { interval: 'year' } },
            current_period_end: 1_800_000_000,
          },
        ],
      },
    });
    expect(toSubscriptionSnapshot(config, subscription, USER)).toMatchObject({
      plan: 'annual',
      amountCents: 9900,
      currency: 'eur',
      currentPeriodEnd: new Date(1_800_000_000 * 1000),
    });
    const invoice = StripeInvoiceSchema.parse({
      id: 'in_2',
      object: 'invoice',
      parent: { subscription_details: { subscription: 'sub_2' } },
      amount_due: 499,
    });
    expect(subscriptionIdOfInvoice(invoice)).toBe('sub_2');
    expect(toPaymentSnapshot(invoice, USER, 'failed', 'Pro Monthly subscription')).toMatchObject({
      status: 'failed',
      amountCents: 499,
      paidAt: null,
      description: 'Pro Monthly subscription',
    });
  });

  it('refuses to boot with a Stripe key but no price ids', () => {
    expect(() => loadGatewayConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test' })).toThrow(
      /STRIPE_PRICE_MONTHLY/,
    );
  });
});
