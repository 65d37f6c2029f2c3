import { type FakeStripe, type StripeObject, startFakeStripe } from '@app/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, PUBLIC_URL, signedInUser, startGateway } from './support/gateway-harness.ts';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';
const PRICES = { monthly: 'price_test_monthly', annual: 'price_test_annual' };
const signer = new Stripe('sk_test_signer');

let stripe: FakeStripe;
let gateway: Gateway;

beforeAll(async () => {
  stripe = await startFakeStripe({
    prices: {
      [PRICES.monthly]: { unit_amount: 499, interval: 'month' },
      [PRICES.annual]: { unit_amount: 4999, interval: 'year' },
    },
  });
  gateway = await startGateway({
    STRIPE_SECRET_KEY: 'sk_test_gateway',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: PRICES.monthly,
    STRIPE_PRICE_ANNUAL: PRICES.annual,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await gateway?.close();
  await stripe?.close();
});

function sendWebhook(event: StripeObject, secret = WEBHOOK_SECRET, overrides: { signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = overrides.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret });
  return gateway.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const me = async (headers: Record<string, string>) =>
  (await gateway.app.inject({ method: 'GET', url: '/api/me', headers })).json().profile.subscription_type;
const subscriptionOf = async (headers: Record<string, string>) =>
  (await gateway.app.inject({ method: 'GET', url: '/api/billing/subscription', headers })).json();

async function checkout(headers: Record<string, string>, body: object = { plan: 'monthly' }) {
  return gateway.app.inject({ method: 'POST', url: '/api/billing/checkout', headers, payload: body });
}

/** Checkout, then Stripe's three events for a paid session: the user is Pro afterwards. */
async function subscribe(headers: Record<string, string>, plan: 'monthly' | 'annual' = 'monthly') {
  const response = await checkout(headers, { plan });
  expect(response.statusCode).toBe(200);
  const sessionId = response.json().checkout_url.split('/').pop();
  const paid = stripe.completeCheckout(sessionId);
  for (const event of [
    stripe.event('checkout.session.completed', paid.session),
    stripe.event('customer.subscription.created', paid.subscription),
    stripe.event('invoice.paid', paid.invoice),
  ]) {
    expect((await sendWebhook(event)).statusCode).toBe(200);
  }
  return paid;
}

describe('POST /api/billing/checkout', () => {
  it('creates a subscription Checkout session with the configured price and language URLs', async () => {
    const user = await signedInUser(gateway, {}, 'checkout');
    const before = stripe.requests.length;
    const response = await checkout(user.headers, { plan: 'annual', language: 'zh', price_id: 'price_evil' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, checkout_url: expect.stringMatching(/\/checkout\/cs_test_/) });

    const sent = stripe.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions');
    expect(sent?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICES.annual, quantity: '1' }],
      success_url: `${PUBLIC_URL}/zh/profile?payment=success`,
      cancel_url: `${PUBLIC_URL}/zh/pricing?payment=canceled`,
      client_reference_id: user.id,
      customer_email: user.email,
      metadata: { user_id: user.id, plan: 'annual' },
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });

  it('validates the plan and needs a signed-in user', async () => {
    const user = await signedInUser(gateway, {}, 'checkout-bad');
    const bad = await checkout(user.headers, { plan: 'lifetime' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('plan');
    expect((await checkout({}, { plan: 'monthly' })).statusCode).toBe(401);
  });

  it('retries a 503 from Stripe and then succeeds (one idempotency key)', async () => {
    const user = await signedInUser(gateway, {}, 'retry');
    const before = stripe.requests.length;
    stripe.failNext(1, 503);
    const response = await checkout(user.headers);
    expect(response.statusCode).toBe(200);
    const attempts = stripe.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers['idempotency-key']).toBe(attempts[1]?.headers['idempotency-key']);
  });

  it('classifies a declined card (insufficient funds): 402, not retried, codes in the fields', async () => {
    const user = await signedInUser(gateway, {}, 'declined');
    const before = stripe.requests.length;
    stripe.failNextWith(1, 402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const response = await checkout(user.headers);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYMENT_FAILED',
        message: 'Your card was declined because of insufficient funds.',
        fields: {
          payment_error: 'stripe_generic',
          provider_code: 'card_declined',
          decline_code: 'insufficient_funds',
        },
      },
    });
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('does not retry a request Stripe refuses as invalid', async () => {
    const user = await signedInUser(gateway, {}, 'invalid');
    const before = stripe.requests.length;
    stripe.failNextWith(1, 400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such price: 'x'",
    });
    const response = await checkout(user.headers);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe("No such price: 'x'");
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });
});

describe('webhooks and the subscription life cycle', () => {
  it('checkout → completed webhook → Pro, and /api/me says so; the payment is in the history', async () => {
    const user = await signedInUser(gateway, {}, 'lifecycle');
    expect(await me(user.headers)).toBe('free');
    expect(await subscriptionOf(user.headers)).toEqual({
      success: true,
      subscription: null,
      payment_history: [],
    });

    await subscribe(user.headers, 'annual');
    expect(await me(user.headers)).toBe('pro');
    const state = await subscriptionOf(user.headers);
    expect(state.subscription).toMatchObject({
      subscription_type: 'annual',
      status: 'active',
      amount_cents: 4999,
      currency: 'usd',
      cancel_at_period_end: false,
    });
    expect(new Date(state.subscription.current_period_end).getTime()).toBeGreaterThan(Date.now());
    expect(state.payment_history).toEqual([
      expect.objectContaining({
        amount_cents: 4999,
        status: 'succeeded',
        description: 'Pro Annual subscription',
      }),
    ]);

    // A second checkout while subscribed is refused.
    expect((await checkout(user.headers)).statusCode).toBe(409);
  });

  it('cancel → still Pro until the period ends → deleted webhook → Free; reactivate in between', async () => {
    const user = await signedInUser(gateway, {}, 'cancel');
    const { subscription } = await subscribe(user.headers);

    const cancel = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      success: true,
      subscription: { cancel_at_period_end: true, status: 'active' },
    });
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await me(user.headers)).toBe('pro');

    const reactivate = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'reactivate' },
    });
    expect(reactivate.json()).toMatchObject({ success: true, subscription: { cancel_at_period_end: false } });
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);

    await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'cancel' },
    });
    // The period ends: Stripe deletes the subscription and says so.
    const ended = stripe.subscriptions.get(subscription.id)!;
    Object.assign(ended, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    expect((await sendWebhook(stripe.event('customer.subscription.deleted', ended))).statusCode).toBe(200);
    expect(await me(user.headers)).toBe('free');
    expect((await subscriptionOf(user.headers)).subscription).toBeNull();
  });

  it('a replayed event changes nothing the second time', async () => {
    const user = await signedInUser(gateway, {}, 'replay');
    const { subscription } = await subscribe(user.headers);
    const canceled = { ...subscription, status: 'canceled' };
    stripe.subscriptions.set(subscription.id, canceled);
    const event = stripe.event('customer.subscription.deleted', canceled);
    expect((await sendWebhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect(await me(user.headers)).toBe('free');

    // Were the replay applied, this state from Stripe would make the user Pro again.
    stripe.subscriptions.set(subscription.id, { ...subscription, status: 'active' });
    const replay = await sendWebhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await me(user.headers)).toBe('free');
    expect(await gateway.db.prisma.stripeEvent.count({ where: { eventId: event.id } })).toBe(1);
  });

  it('two deliveries of one event at the same time apply it once', async () => {
    const user = await signedInUser(gateway, {}, 'concurrent');
    const { invoice } = await subscribe(user.headers);
    const again = { ...invoice, id: `${invoice.id}_renewal` };
    const event = stripe.event('invoice.paid', again);
    const answers = await Promise.all([sendWebhook(event), sendWebhook(event), sendWebhook(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().duplicate).sort()).toEqual([false, true, true]);
    expect(await gateway.db.prisma.stripeEvent.count({ where: { eventId: event.id } })).toBe(1);
    expect((await subscriptionOf(user.headers)).payment_history).toHaveLength(2);
  });

  it('a badly signed webhook gets 400 and changes nothing', async () => {
    const user = await signedInUser(gateway, {}, 'badsig');
    const response = await checkout(user.headers);
    const paid = stripe.completeCheckout(response.json().checkout_url.split('/').pop());
    const event = stripe.event('checkout.session.completed', paid.session);
    for (const bad of [
      sendWebhook(event, 'whsec_wrong_secret'),
      sendWebhook(event, WEBHOOK_SECRET, { signature: 't=1,v1=deadbeef' }),
      gateway.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    ]) {
      const answer = await bad;
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('BAD_REQUEST');
    }
    expect(await me(user.headers)).toBe('free');
    expect(await gateway.db.prisma.stripeEvent.count({ where: { eventId: event.id } })).toBe(0);
    expect(await gateway.db.prisma.billingSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a failed invoice is recorded as a failed payment; past_due is not Pro', async () => {
    const user = await signedInUser(gateway, {}, 'pastdue');
    const { subscription, invoice } = await subscribe(user.headers);
    const failed = { ...invoice, id: `${invoice.id}_2`, status: 'open', amount_paid: 0 };
    expect((await sendWebhook(stripe.event('invoice.payment_failed', failed))).statusCode).toBe(200);
    const pastDue = { ...subscription, status: 'past_due' };
    stripe.subscriptions.set(subscription.id, pastDue);
    await sendWebhook(stripe.event('customer.subscription.updated', pastDue));
    const state = await subscriptionOf(user.headers);
    expect(state.subscription.status).toBe('past_due');
    expect(state.payment_history.map((p: { status: string }) => p.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(await me(user.headers)).toBe('free');
  });

  it('an unknown status is stored and returned raw', async () => {
    const user = await signedInUser(gateway, {}, 'paused');
    const { subscription } = await subscribe(user.headers);
    const paused = { ...subscription, status: 'paused' };
    stripe.subscriptions.set(subscription.id, paused);
    await sendWebhook(stripe.event('customer.subscription.updated', paused));
    expect((await subscriptionOf(user.headers)).subscription.status).toBe('paused');
  });
});

describe('POST /api/billing/subscription', () => {
  it("only touches the caller's own subscription", async () => {
    const owner = await signedInUser(gateway, {}, 'owner');
    await subscribe(owner.headers);
    const ownerSub = (await subscriptionOf(owner.headers)).subscription;
    const other = await signedInUser(gateway, {}, 'other');
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: other.headers,
      payload: { action: 'cancel', subscription_id: ownerSub.id },
    });
    expect(response.statusCode).toBe(404);
    expect((await subscriptionOf(owner.headers)).subscription.cancel_at_period_end).toBe(false);
  });

  it('rejects a bad action and reactivating a subscription that is not cancelling', async () => {
    const user = await signedInUser(gateway, {}, 'actions');
    const bad = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'pause' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('action');
    const none = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'cancel' },
    });
    expect(none.statusCode).toBe(404);
    await subscribe(user.headers);
    const reactivate = await gateway.app.inject({
      method: 'POST',
      url: '/api/billing/subscription',
      headers: user.headers,
      payload: { action: 'reactivate' },
    });
    expect(reactivate.statusCode).toBe(409);
  });
});

describe('without Stripe configured', () => {
  let bare: Gateway;
  beforeAll(async () => {
    // Payments off (the demo checkout, on by default here, is billing-demo.test.ts).
    bare = await startGateway({ BILLING_DEMO: 'false' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('checkout and the webhook answer 503 with a clear message', async () => {
    const { headers } = await signedInUser(bare, {}, 'bare');
    const response = await bare.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { plan: 'monthly' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toMatch(/Stripe is not configured/);
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
  });
});
