import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseStripeForm } from './form-body.ts';
import { createFailureQueue, type RecordedRequest, readBody, sendJson } from './http-fake.ts';

type Params = Record<string, unknown>;
export type StripeObject = { id: string; object: string; [key: string]: unknown };

export type FakeStripe = {
  /** `http://127.0.0.1:PORT`, for STRIPE_API_BASE. */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  requests: RecordedRequest[];
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** The next `count` requests get `status` with a Stripe-shaped error body. */
  failNext(count: number, status?: number, message?: string): void;
  /** The next `count` requests get `status` with this Stripe error (e.g. a card_error with a decline code). */
  failNextWith(count: number, status: number, error: StripeErrorBody): void;
  /** Where completed checkouts send their events (signed with `secret`), like a Stripe webhook endpoint. */
  setWebhook(endpoint: { url: string; secret: string }): void;
  /** A Stripe event object around `object` (id `evt_…`). */
  event(type: string, object: StripeObject): StripeObject;
  /** Signs `event` with the SDK's test-header helper and POSTs it to the webhook; resolves to the HTTP status. */
  deliver(event: StripeObject): Promise<number>;
  /** The customer pays on the hosted page: completes the session and delivers its events. */
  payCheckout(
    sessionId: string,
  ): Promise<{ session: StripeObject; subscription: StripeObject; invoice: StripeObject }>;
  /** Seeds a subscription as if a customer had paid (for webhook and cancel/reactivate tests). */
  createSubscription(params?: {
    customer?: string;
    price?: string;
    status?: string;
    metadata?: Params;
  }): StripeObject;
  /** What Stripe does when the customer pays: the session completes and owns a new subscription. */
  completeCheckout(sessionId: string): {
    session: StripeObject;
    subscription: StripeObject;
    invoice: StripeObject;
  };
  close(): Promise<void>;
};

export type StripeErrorBody = { type: string; message: string; code?: string; decline_code?: string };
export type FakeStripeOptions = {
  /** Price ids the fake knows: their amount and interval show on subscriptions and invoices. */
  prices?: Record<string, { unit_amount: number; interval: 'month' | 'year'; currency?: string }>;
};

const DAY = 24 * 3600;

/**
 * The handful of Stripe endpoints billing uses, on 127.0.0.1: the real `stripe` SDK pointed
 * here (`{host, port, protocol: 'http'}`) sends exactly what it would send to Stripe.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const prices = options.prices ?? {};
  const errorQueue: { status: number; error: StripeErrorBody }[] = [];
  const invoices = new Map<string, StripeObject>();
  let webhook: { url: string; secret: string } | undefined;
  const signer = new Stripe('sk_test_fake_signer');
  const requests: RecordedRequest[] = [];
  const failures = createFailureQueue();
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  let baseUrl = '';

  const createCustomer = (params: Params): StripeObject => {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      created: now(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  };

  const createSubscription: FakeStripe['createSubscription'] = (params = {}) => {
    const start = now();
    const end = start + 30 * DAY;
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: params.customer ?? createCustomer({}).id,
      status: params.status ?? 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      cancel_at: null,
      created: start,
      start_date: start,
      // Kept at both levels: older API versions read it from the subscription, newer from items.
      current_period_start: start,
      current_period_end: end,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: priceObject(params.price ?? 'price_monthly'),
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      metadata: params.metadata ?? {},
      livemode: false,
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  };

  const priceObject = (id: string) => {
    const known = prices[id];
    return {
      id,
      object: 'price',
      unit_amount: known?.unit_amount ?? null,
      currency: known?.currency ?? 'usd',
      recurring: { interval: known?.interval ?? 'month' },
    };
  };

  const createInvoice = (subscription: StripeObject): StripeObject => {
    const item = (
      subscription.items as { data: { price: { unit_amount: number | null; currency: string } }[] }
    ).data[0];
    const amount = item?.price.unit_amount ?? 0;
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      amount_due: amount,
      amount_paid: amount,
      currency: item?.price.currency ?? 'usd',
      created: now(),
      status_transitions: { paid_at: now() },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: { object: 'list', data: [{ id: newId('il'), object: 'line_item', description: null, amount }] },
      livemode: false,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const event = (type: string, object: StripeObject): StripeObject => ({
    id: newId('evt'),
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });

  const deliver = async (evt: StripeObject): Promise<number> => {
    if (!webhook) throw new Error('fake Stripe: call setWebhook() before delivering events');
    const payload = JSON.stringify(evt);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  };

  const createCheckoutSession = (params: Params): StripeObject => {
    const id = newId('cs_test');
    const lineItems = (params.line_items as { price?: string }[] | undefined) ?? [];
    const session = {
      id,
      object: 'checkout.session',
      url: `${baseUrl}/checkout/${id}`,
      mode: params.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      subscription: null,
      created: now(),
      expires_at: now() + DAY,
      livemode: false,
      // Not part of Stripe's session object; kept so completeCheckout knows the price.
      _price: lineItems[0]?.price,
      _subscriptionMetadata: (params.subscription_data as { metadata?: Params } | undefined)?.metadata,
    };
    checkoutSessions.set(id, session);
    return session;
  };

  const completeCheckout: FakeStripe['completeCheckout'] = (sessionId) => {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customer =
      (session.customer as string | null) ??
      createCustomer({ email: session.customer_email ?? undefined }).id;
    const subscription = createSubscription({
      customer,
      price: session._price as string | undefined,
      metadata: (session._subscriptionMetadata ?? session.metadata) as Params,
    });
    const invoice = createInvoice(subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    return { session: publicView(session), subscription, invoice };
  };

  const payCheckout: FakeStripe['payCheckout'] = async (sessionId) => {
    const paid = completeCheckout(sessionId);
    // Stripe's order is not guaranteed; this is the usual one.
    await deliver(event('checkout.session.completed', paid.session));
    await deliver(event('customer.subscription.created', paid.subscription));
    await deliver(event('invoice.paid', paid.invoice));
    return paid;
  };

  /** The hosted payment page: a Pay button and a cancel link, enough for a browser test. */
  const checkoutPage = async (
    method: string,
    id: string,
    action: string | undefined,
    res: ServerResponse,
  ) => {
    const session = checkoutSessions.get(id);
    if (!session) return notFound(res, `/checkout/${id}`);
    if (method === 'POST' && action === 'pay') {
      await payCheckout(id);
      const target = String(session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', id);
      res.writeHead(303, { location: target }).end();
      return;
    }
    const price = String(session._price ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout</h1><p data-testid="fake-checkout-price">${escapeHtml(price)}</p>
<form method="post" action="/checkout/${escapeHtml(id)}/pay"><button type="submit">Pay</button></form>
<a href="${escapeHtml(String(session.cancel_url ?? '/'))}">Cancel</a></body></html>`);
  };

  const route = (method: string, path: string, params: Params, res: ServerResponse) => {
    const [, version, resource, id, extra] = path.split('/');
    if (version !== 'v1') return notFound(res, path);
    if (resource === 'customers' && method === 'POST' && !id)
      return sendJson(res, 200, createCustomer(params));
    if (resource === 'customers' && id && method === 'GET')
      return sendObject(res, customers.get(id), 'customer', id);
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !extra) return sendJson(res, 200, publicView(createCheckoutSession(params)));
      const session = extra ? checkoutSessions.get(extra) : undefined;
      if (method === 'GET' && extra)
        return sendObject(res, session && publicView(session), 'checkout.session', extra);
    }
    if (resource === 'subscriptions') {
      if (!id && method === 'POST') {
        const items = (params.items as { price?: string }[] | undefined) ?? [];
        const created = createSubscription({
          customer: params.customer as string,
          price: items[0]?.price,
          metadata: params.metadata as Params,
        });
        return sendJson(res, 200, created);
      }
      const subscription = id ? subscriptions.get(id) : undefined;
      if (!id || !subscription) return sendObject(res, undefined, 'subscription', id ?? '');
      if (method === 'GET') return sendJson(res, 200, subscription);
      if (method === 'POST') return sendJson(res, 200, updateSubscription(subscription, params));
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return sendJson(res, 200, subscription);
      }
    }
    notFound(res, path);
  };

  const server = createServer(async (req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const raw = (await readBody(req)).toString('utf8');
    const params = parseStripeForm(req.method === 'GET' || req.method === 'DELETE' ? query : raw);
    requests.push({
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: params,
      receivedAt: new Date(),
    });
    if (path.startsWith('/checkout/')) {
      const [, , id = '', action] = path.split('/');
      return checkoutPage(req.method ?? 'GET', id, action, res).catch((error: Error) =>
        sendJson(res, 500, { error: { type: 'api_error', message: error.message } }),
      );
    }
    const requestId = { 'request-id': newId('req') };
    const custom = errorQueue.shift();
    if (custom) return sendJson(res, custom.status, { error: custom.error }, requestId);
    const failure = failures.take();
    if (failure) {
      const type =
        failure.status >= 500
          ? 'api_error'
          : failure.status === 429
            ? 'rate_limit_error'
            : 'invalid_request_error';
      return sendJson(res, failure.status, { error: { type, message: failure.message } }, requestId);
    }
    res.setHeader('request-id', requestId['request-id']);
    try {
      route(req.method ?? 'GET', path, params, res);
    } catch (error) {
      sendJson(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    invoices,
    failNext: (count, status = 500, message) => failures.add(count, status, message),
    failNextWith: (count, status, error) => {
      for (let i = 0; i < count; i++) errorQueue.push({ status, error });
    },
    setWebhook: (endpoint) => {
      webhook = endpoint;
    },
    event,
    deliver,
    payCheckout,
    createSubscription,
    completeCheckout,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields billing changes; the rest of Stripe's update parameters are accepted and ignored. */
function updateSubscription(subscription: StripeObject, params: Params): StripeObject {
  if (params.cancel_at_period_end !== undefined) {
    const cancel = params.cancel_at_period_end === 'true';
    subscription.cancel_at_period_end = cancel;
    subscription.canceled_at = cancel ? now() : null;
    subscription.cancel_at = cancel ? subscription.current_period_end : null;
  }
  if (params.metadata)
    subscription.metadata = { ...(subscription.metadata as Params), ...(params.metadata as Params) };
  return subscription;
}

function publicView(session: StripeObject): StripeObject {
  const { _price, _subscriptionMetadata, ...rest } = session;
  return rest as StripeObject;
}

function sendObject(res: ServerResponse, object: StripeObject | undefined, kind: string, id: string): void {
  if (object) {
    sendJson(res, 200, object);
    return;
  }
  sendJson(res, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
    },
  });
}

function notFound(res: ServerResponse, path: string): void {
  sendJson(res, 404, {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
