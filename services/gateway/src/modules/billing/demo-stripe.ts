import { randomBytes } from 'node:crypto';
import { AppError, BILLING_MESSAGES, type BillingPlan, DEFAULT_CURRENCY, PLAN_PRICES } from '@app/contracts';
import type { BillingSubscription } from '@app/db';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import type { StripeLoader } from './stripe-client.ts';

/**
 * The demo checkout's Stripe (BILLING_DEMO): the real `stripe` SDK whose HTTP calls are answered here,
 * in the process, instead of by api.stripe.com. Checkout sessions are signed tokens that open the
 * local demo page (/pricing?demo_checkout=…); subscriptions are our own `sub_demo_…` rows, plus the one an event being delivered
 * is about (held in `pending` until its webhook has been applied, so Stripe's "latest view" read by
 * the webhook matches the event, as with Stripe). Events go, signed with the webhook secret by the
 * SDK's test-header helper, through the real POST /api/billing/webhook. Every gateway process has its
 * own copy: nothing here outlives a request but the database rows.
 */

/** Sends one event body with its Stripe-Signature to POST /api/billing/webhook; resolves to the status. */
export type WebhookSender = (payload: string, signature: string) => Promise<number>;
export type DemoStripe = ReturnType<typeof createDemoStripe>;
export type DemoSubscription = ReturnType<typeof subscriptionObject>;

// Never sent anywhere: every request of this SDK instance is answered by `answer` below.
const DEMO_KEY = 'sk_test_billing_demo_local';
const SESSION_TYPE = 'demo_checkout';
const SESSION_TTL = '1h';
const DEMO_ID_PREFIX = 'demo_';

const SessionClaimsSchema = z.object({
  typ: z.literal(SESSION_TYPE),
  sid: z.string().min(1),
  uid: z.uuid(),
  plan: z.enum(['monthly', 'annual']),
  cus: z.string().nullable(),
  ok: z.string(),
  back: z.string(),
});
export type DemoSession = z.infer<typeof SessionClaimsSchema>;

// What billing.service sends to checkout.sessions.create (form-encoded by the SDK).
const CheckoutFormSchema = z.object({
  mode: z.literal('subscription'),
  'line_items[0][price]': z.string().min(1),
  client_reference_id: z.uuid(),
  success_url: z.url(),
  cancel_url: z.url(),
  locale: z.enum(['en', 'zh']).optional(),
  customer: z.string().optional(),
});

/** A Stripe API error answer, which the SDK turns into its own error class (code and all). */
class StripeAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code: string; message: string },
  ) {
    super(body.message);
  }
}
const noSuchSubscription = (id: string) =>
  new StripeAnswer(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such subscription: '${id}'`,
  });
const invalid = (message: string) =>
  new StripeAnswer(400, { type: 'invalid_request_error', code: 'parameter_invalid', message });

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);
const newDemoId = () => randomBytes(12).toString('base64url');
export const isDemoSubscriptionId = (id: string | null | undefined) =>
  Boolean(id?.startsWith(`sub_${DEMO_ID_PREFIX}`));

/** The end of a period that starts at `start`: a calendar month or year later. */
export function periodEnd(start: Date, plan: BillingPlan): Date {
  const end = new Date(start);
  if (plan === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function priceObject(priceId: string, plan: BillingPlan) {
  const { amountCents, interval } = PLAN_PRICES[plan];
  return {
    id: priceId,
    object: 'price',
    unit_amount: amountCents,
    currency: DEFAULT_CURRENCY,
    recurring: { interval },
  };
}

/** A subscription as Stripe's API shows it, both period layouts (top level and items) filled. */
export function subscriptionObject(fields: {
  id: string;
  customer: string;
  userId: string;
  plan: BillingPlan;
  priceId: string;
  status: string;
  start: Date;
  end: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}) {
  const period = { current_period_start: seconds(fields.start), current_period_end: seconds(fields.end) };
  return {
    id: fields.id,
    object: 'subscription' as const,
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd,
    canceled_at: seconds(fields.canceledAt),
    ended_at: null as number | null,
    ...period,
    metadata: { user_id: fields.userId, plan: fields.plan },
    items: { object: 'list', data: [{ price: priceObject(fields.priceId, fields.plan), ...period }] },
    livemode: false,
  };
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const DEMO_STRIPE_REPOS = ['billing'] as const;

export function createDemoStripe(
  ctx: ServiceContext<(typeof DEMO_STRIPE_REPOS)[number]>,
  send: WebhookSender,
) {
  const { config, repos, logger, tokens, clock } = ctx;
  const pending = new Map<string, DemoSubscription>();

  const fromRow = (row: BillingSubscription): DemoSubscription =>
    subscriptionObject({
      id: row.stripeSubscriptionId ?? '',
      customer: row.stripeCustomerId ?? '',
      userId: row.userId,
      plan: row.plan,
      priceId: row.stripePriceId ?? config.STRIPE_PRICE_MONTHLY ?? '',
      status: row.status,
      start: row.currentPeriodStart ?? row.createdAt,
      end: row.currentPeriodEnd ?? periodEnd(row.createdAt, row.plan),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      canceledAt: row.canceledAt,
    });

  /** Stripe's view of a demo subscription: the one being delivered, else our row. */
  async function current(id: string): Promise<DemoSubscription> {
    const held = pending.get(id);
    if (held) return held;
    const row = isDemoSubscriptionId(id) ? await repos.billing.findByStripeId(id) : null;
    if (!row) throw noSuchSubscription(id);
    return fromRow(row);
  }

  function createSession(form: URLSearchParams) {
    const parsed = CheckoutFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw invalid('Invalid checkout session parameters');
    const body = parsed.data;
    const sid = `${DEMO_ID_PREFIX}${newDemoId()}`;
    const claims: DemoSession = {
      typ: SESSION_TYPE,
      sid,
      uid: body.client_reference_id,
      plan: body['line_items[0][price]'] === config.STRIPE_PRICE_ANNUAL ? 'annual' : 'monthly',
      cus: body.customer ?? null,
      ok: body.success_url,
      back: body.cancel_url,
    };
    const token = tokens.sign(claims, { expiresIn: SESSION_TTL });
    // The web app's pricing page shows the demo checkout for this parameter.
    const page = `${config.PUBLIC_URL}${body.locale === 'zh' ? '/zh' : ''}/pricing`;
    return {
      id: `cs_${sid}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      url: `${page}?demo_checkout=${encodeURIComponent(token)}`,
      livemode: false,
    };
  }

  async function updateSubscription(id: string, form: URLSearchParams) {
    const flag = form.get('cancel_at_period_end');
    if (flag !== 'true' && flag !== 'false') throw invalid('cancel_at_period_end must be true or false');
    const cancel = flag === 'true';
    const updated = {
      ...(await current(id)),
      cancel_at_period_end: cancel,
      canceled_at: cancel ? seconds(clock()) : null,
    };
    // Stripe tells the webhook about the change too; its "latest view" is the new one from now on.
    await withPending(updated, () => deliver('customer.subscription.updated', updated));
    return updated;
  }

  async function route(method: string, path: string, form: URLSearchParams): Promise<object> {
    const [, version, resource, id, extra] = path.split('/');
    if (version === 'v1' && resource === 'checkout' && id === 'sessions' && !extra && method === 'POST')
      return createSession(form);
    if (version === 'v1' && resource === 'subscriptions' && id && !extra) {
      const subscriptionId = decodeURIComponent(id);
      if (method === 'GET') return current(subscriptionId);
      if (method === 'POST') return updateSubscription(subscriptionId, form);
    }
    throw new StripeAnswer(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `The demo checkout does not offer ${method} ${path}`,
    });
  }

  /** The SDK's fetch: answers its requests as Stripe's API would. */
  const answer: typeof fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', 'request-id': `req_${DEMO_ID_PREFIX}${newDemoId()}` },
      });
    try {
      return reply(200, await route((init.method ?? 'GET').toUpperCase(), url.pathname, form));
    } catch (error) {
      if (error instanceof StripeAnswer) return reply(error.status, { error: error.body });
      throw error;
    }
  };

  let sdk: ReturnType<StripeLoader> | undefined;
  const stripe: StripeLoader = () => {
    sdk ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(DEMO_KEY, {
          httpClient: StripeSdk.createFetchHttpClient(answer),
          maxNetworkRetries: 0,
        }),
    );
    return sdk;
  };

  /** Signs `object`'s event with the webhook secret and sends it through the real webhook route. */
  async function deliver(type: string, object: object, eventId = `evt_${DEMO_ID_PREFIX}${newDemoId()}`) {
    const secret = config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new AppError('UNAVAILABLE', BILLING_MESSAGES.notConfigured);
    const event = {
      id: eventId,
      object: 'event',
      type,
      created: seconds(clock()),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    const signature = (await stripe()).webhooks.generateTestHeaderString({ payload, secret });
    const status = await send(payload, signature);
    if (status !== 200) {
      logger.error({ eventId, type, status }, 'demo checkout: the webhook refused its event');
      throw new AppError('UNAVAILABLE', BILLING_MESSAGES.demoDeliveryFailed);
    }
  }

  /** Runs `work` (deliveries) while `subscription` is Stripe's latest view of itself. */
  async function withPending(subscription: DemoSubscription, work: () => Promise<void>) {
    pending.set(subscription.id, subscription);
    try {
      await work();
    } finally {
      if (pending.get(subscription.id) === subscription) pending.delete(subscription.id);
    }
  }

  /** The session of a demo page link, if it is genuine, current and the caller's own. */
  function readSession(token: string, userId: string): DemoSession {
    let claims: DemoSession;
    try {
      claims = SessionClaimsSchema.parse(tokens.verify(token));
    } catch {
      throw new AppError('BAD_REQUEST', BILLING_MESSAGES.demoSessionInvalid);
    }
    // Another account's link: say no more than for a forged one.
    if (claims.uid !== userId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.demoSessionInvalid);
    return claims;
  }

  return { stripe, deliver, withPending, readSession, fromRow };
}
