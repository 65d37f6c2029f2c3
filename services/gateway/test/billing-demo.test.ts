import { randomBytes } from 'node:crypto';
import { spawnService } from '@app/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.ts';
import { redactUrl } from '../src/lib/log-serializers.ts';
import { bearer, type Gateway, PUBLIC_URL, signedInUser, startGateway } from './support/gateway-harness.ts';

// A fresh install has no Stripe keys: the demo checkout stands in for Stripe Checkout and sends
// Stripe's signed events through the real webhook route. Nothing here fakes Stripe's side by hand.

const signer = new Stripe('sk_test_signer');
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway?.close();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  gateway.app.inject({ method, url, headers, ...(payload && { payload }) });
const me = async (headers: Headers) =>
  (await inject('GET', '/api/me', headers)).json().profile.subscription_type;
const subscriptionOf = async (headers: Headers) =>
  (await inject('GET', '/api/billing/subscription', headers)).json();
const eventTypes = async () =>
  (await gateway.db.prisma.stripeEvent.findMany({ orderBy: { processedAt: 'asc' } })).map((e) => e.type);

/** Checkout as the pricing page does it: the demo page's link, and the session token in it. */
async function openCheckout(headers: Headers, body: object = { plan: 'monthly' }) {
  const response = await inject('POST', '/api/billing/checkout', headers, body);
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(response.json().checkout_url);
  return { url, session: url.searchParams.get('demo_checkout') ?? '' };
}

const pay = (headers: Headers, session: string) =>
  inject('POST', '/api/billing/demo/pay', headers, { session });
const change = (headers: Headers, action: 'cancel' | 'reactivate') =>
  inject('POST', '/api/billing/subscription', headers, { action });

describe('the demo checkout on a fresh install', () => {
  it('is on without Stripe keys outside production, and /api/config says so', async () => {
    expect(gateway.config.BILLING_DEMO).toBe(true);
    // Its webhook secret is this install's own (from JWT_SECRET), never a published one.
    expect(gateway.config.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_[\w-]{40,}$/);
    const other = loadGatewayConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex') });
    expect(other.STRIPE_WEBHOOK_SECRET).not.toBe(gateway.config.STRIPE_WEBHOOK_SECRET);
    const config = await gateway.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ google_sign_in: false, payments: 'demo' });
  });

  it('free → Pro → cancel → reactivate → cancel → period over → free, all through the signed webhook', async () => {
    const user = await signedInUser(gateway, {}, 'demo-life');
    expect(await me(user.headers)).toBe('free');
    const before = (await eventTypes()).length;

    // Checkout opens the local demo page (in the reader's language) instead of Stripe's.
    const { url, session } = await openCheckout(user.headers, { plan: 'annual', language: 'zh' });
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/zh/pricing`);
    expect(session).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const shown = await inject('GET', `/api/billing/demo/session?session=${session}`, user.headers);
    expect(shown.json()).toEqual({
      plan: 'annual',
      amount_cents: 4999,
      currency: 'usd',
      email: user.email,
      cancel_url: `${PUBLIC_URL}/zh/pricing?payment=canceled`,
    });
    expect(await me(user.headers)).toBe('free');

    // "Pay": Stripe's three events for a paid session went through the webhook and made the user Pro.
    const paid = await pay(user.headers, session);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ success: true, redirect_url: `${PUBLIC_URL}/zh/profile?payment=success` });
    expect((await eventTypes()).slice(before)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(await me(user.headers)).toBe('pro');
    const state = await subscriptionOf(user.headers);
    expect(state.subscription).toMatchObject({
      subscription_type: 'annual',
      status: 'active',
      amount_cents: 4999,
      cancel_at_period_end: false,
    });
    const periodEnd = new Date(state.subscription.current_period_end).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect(state.payment_history).toEqual([
      expect.objectContaining({
        amount_cents: 4999,
        status: 'succeeded',
        description: 'Pro Annual subscription',
      }),
    ]);

    // Cancel and reactivate as the profile does: Stripe's update event comes through the webhook too.
    const cancel = await change(user.headers, 'cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(await me(user.headers)).toBe('pro');
    const reactivate = await change(user.headers, 'reactivate');
    expect(reactivate.json().subscription).toMatchObject({ cancel_at_period_end: false });
    expect((await subscriptionOf(user.headers)).subscription.cancel_at_period_end).toBe(false);
    expect((await change(user.headers, 'cancel')).statusCode).toBe(200);

    // The period ends (the demo's stand-in for a year passing): Stripe's deletion makes the user free.
    const ended = await inject('POST', '/api/billing/demo/end-period', user.headers);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await me(user.headers)).toBe('free');
    expect((await subscriptionOf(user.headers)).subscription).toBeNull();
    expect((await eventTypes()).slice(before + 3)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);

    // And they can buy again.
    const again = await openCheckout(user.headers);
    expect((await pay(user.headers, again.session)).statusCode).toBe(200);
    expect(await me(user.headers)).toBe('pro');
  });

  it('signs its events with the webhook secret: the route checks them like any other', async () => {
    const user = await signedInUser(gateway, {}, 'demo-signed');
    const { session } = await openCheckout(user.headers);
    expect((await pay(user.headers, session)).statusCode).toBe(200);
    const row = await gateway.db.prisma.stripeEvent.findFirstOrThrow({
      where: {
        type: 'checkout.session.completed',
        payload: { path: ['data', 'object', 'client_reference_id'], equals: user.id },
      },
    });
    const payload = JSON.stringify(row.payload);
    const send = (secret: string) =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    const forged = await send('whsec_someone_elses_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('Invalid Stripe signature');
    const genuine = await send(gateway.config.STRIPE_WEBHOOK_SECRET ?? '');
    expect(genuine.json()).toEqual({ received: true, duplicate: true });
  });

  it('keeps the session link out of the logs, and the address out of the link', async () => {
    const user = await signedInUser(gateway, {}, 'demo-private');
    const { session } = await openCheckout(user.headers);
    const claims = JSON.parse(Buffer.from(session.split('.')[1] ?? '', 'base64url').toString());
    expect(JSON.stringify(claims)).not.toContain(user.email);
    expect(claims).toMatchObject({ typ: 'demo_checkout', uid: user.id, plan: 'monthly' });
    expect(redactUrl(`/api/billing/demo/session?session=${session}`)).toBe(
      '/api/billing/demo/session?session=%5Bredacted%5D',
    );
    expect(redactUrl(`/zh/pricing?demo_checkout=${session}`)).toBe(
      '/zh/pricing?demo_checkout=%5Bredacted%5D',
    );
  });

  it('pays a session once, however often "Pay" is pressed', async () => {
    const user = await signedInUser(gateway, {}, 'demo-twice');
    const { session } = await openCheckout(user.headers);
    const answers = await Promise.all([pay(user.headers, session), pay(user.headers, session)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await pay(user.headers, session)).statusCode).toBe(200);
    expect(await gateway.db.prisma.billingSubscription.count({ where: { userId: user.id } })).toBe(1);
    expect(await gateway.db.prisma.payment.count({ where: { userId: user.id } })).toBe(1);
  });

  it('answers bad input with a clear 4xx', async () => {
    const user = await signedInUser(gateway, {}, 'demo-bad');
    const { session } = await openCheckout(user.headers);

    const missing = await inject('POST', '/api/billing/demo/pay', user.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('session');
    const tooLong = await pay(user.headers, 'x'.repeat(5000));
    expect(tooLong.statusCode).toBe(400);
    const forged = await pay(user.headers, `${session.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/invalid or has expired/);
    // A checkout session is not an access token, nor the other way round.
    expect((await inject('GET', '/api/me', bearer(session))).statusCode).toBe(401);
    const token = user.headers.authorization?.slice(7) ?? '';
    expect((await pay(user.headers, token)).statusCode).toBe(400);
    expect((await inject('GET', '/api/billing/demo/session?session=', user.headers)).statusCode).toBe(400);

    // Another account's link, and no sign-in at all.
    const other = await signedInUser(gateway, {}, 'demo-other');
    expect((await pay(other.headers, session)).statusCode).toBe(404);
    expect((await inject('GET', `/api/billing/demo/session?session=${session}`, {})).statusCode).toBe(401);
    expect((await pay({}, session)).statusCode).toBe(401);

    // Nothing to end; then a subscription that is not set to cancel.
    const none = await inject('POST', '/api/billing/demo/end-period', user.headers);
    expect(none.statusCode).toBe(404);
    expect((await pay(user.headers, session)).statusCode).toBe(200);
    const notEnding = await inject('POST', '/api/billing/demo/end-period', user.headers);
    expect(notEnding.statusCode).toBe(409);
    expect(notEnding.json().error.message).toBe('Only a subscription set to cancel can end now');

    // Already Pro: a new checkout is refused, and so is paying a second session opened before.
    expect(
      (await inject('POST', '/api/billing/checkout', user.headers, { plan: 'monthly' })).statusCode,
    ).toBe(409);
    const first = await openCheckout(other.headers);
    const second = await openCheckout(other.headers, { plan: 'annual' });
    expect((await pay(other.headers, first.session)).statusCode).toBe(200);
    const twice = await pay(other.headers, second.session);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You already have an active Pro subscription');
    expect(await gateway.db.prisma.billingSubscription.count({ where: { userId: other.id } })).toBe(1);
  });
});

describe('with the demo checkout off', () => {
  let off: Gateway;
  beforeAll(async () => {
    off = await startGateway({ BILLING_DEMO: 'false' });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('says payments are off, answers checkout 503 and the demo routes 404', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().payments).toBe('off');
    const { headers } = await signedInUser(off, {}, 'demo-off');
    const checkout = await off.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { plan: 'monthly' },
    });
    expect(checkout.statusCode).toBe(503);
    const demo = await off.app.inject({
      method: 'POST',
      url: '/api/billing/demo/pay',
      headers,
      payload: { session: 'anything' },
    });
    expect(demo.statusCode).toBe(404);
    expect(demo.json().error.message).toBe('The demo checkout is off on this server');
  });
});

describe('BILLING_DEMO in the configuration', () => {
  const secret = randomBytes(36).toString('base64url');

  it('is refused in production (NODE_ENV=production or an https PUBLIC_URL) and beside Stripe keys', () => {
    for (const env of [
      { NODE_ENV: 'production', JWT_SECRET: secret, BILLING_DEMO: 'true' },
      { NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org', JWT_SECRET: secret, BILLING_DEMO: 'true' },
    ]) {
      expect(() => loadGatewayConfig(env), JSON.stringify(env)).toThrow(
        /BILLING_DEMO \(the demo checkout takes no payment and is refused in production/,
      );
    }
    expect(() =>
      loadGatewayConfig({
        BILLING_DEMO: 'true',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PRICE_MONTHLY: 'price_m',
        STRIPE_PRICE_ANNUAL: 'price_a',
      }),
    ).toThrow(/BILLING_DEMO \(set either BILLING_DEMO or STRIPE_SECRET_KEY/);
    expect(() => loadGatewayConfig({ BILLING_DEMO: 'sometimes' })).toThrow(/BILLING_DEMO/);
  });

  it('defaults off in production and with Stripe keys, on otherwise', () => {
    expect(loadGatewayConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).BILLING_DEMO).toBe(false);
    expect(
      loadGatewayConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://news.example.org', JWT_SECRET: secret })
        .BILLING_DEMO,
    ).toBe(false);
    const stripe = loadGatewayConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
    });
    expect(stripe.BILLING_DEMO).toBe(false);
    expect(stripe.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(loadGatewayConfig({}).BILLING_DEMO).toBe(true);
    expect(loadGatewayConfig({ BILLING_DEMO: 'false' }).BILLING_DEMO).toBe(false);
  });

  it('stops a production gateway at start-up, naming BILLING_DEMO', async () => {
    const server = spawnService({
      entry: 'src/server.ts',
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        BILLING_DEMO: 'true',
        PORT: '0',
        GATEWAY_WORKERS: '1',
        DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
      },
    });
    const { code } = await server.exited;
    expect(code, server.output()).not.toBe(0);
    expect(server.output()).toMatch(/BILLING_DEMO \(the demo checkout takes no payment/);
  });
});
