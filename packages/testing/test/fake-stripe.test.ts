import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../src/fake-stripe.ts';

const fake = await startFakeStripe();
const stripe = new Stripe('sk_test_x', {
  host: fake.host,
  port: fake.port,
  protocol: fake.protocol,
  maxNetworkRetries: 0,
});
afterAll(() => fake.close());

describe('startFakeStripe', () => {
  it('creates a customer and a subscription checkout session', async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.com', metadata: { userId: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ userId: 'u1' });

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_monthly', quantity: 1 }],
      success_url: 'http://localhost:3000/billing/success',
      cancel_url: 'http://localhost:3000/pricing',
      client_reference_id: 'u1',
      metadata: { userId: 'u1' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);
    expect(session.status).toBe('open');

    const recorded = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(recorded?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      metadata: { userId: 'u1' },
    });
    expect(recorded?.headers.authorization).toBe('Bearer sk_test_x');
  });

  it('completes a checkout into a subscription that can be read, cancelled and reactivated', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'bob@example.com',
      line_items: [{ price: 'price_annual', quantity: 1 }],
      success_url: 'http://localhost:3000/ok',
    });
    const { subscription } = fake.completeCheckout(session.id);
    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: subscription.id });

    const sub = await stripe.subscriptions.retrieve(subscription.id);
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]!.price.id).toBe('price_annual');

    const cancelled = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelled.cancel_at_period_end).toBe(true);
    const reactivated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(reactivated.cancel_at_period_end).toBe(false);
    const ended = await stripe.subscriptions.cancel(sub.id);
    expect(ended.status).toBe('canceled');
  });

  it('answers an unknown subscription the way Stripe does', async () => {
    const error = await stripe.subscriptions.retrieve('sub_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('fails the next N calls with the given status', async () => {
    fake.failNext(1, 500);
    const error = await stripe.customers.create({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(500);
    await expect(stripe.customers.create({})).resolves.toMatchObject({ object: 'customer' });
  });
});
