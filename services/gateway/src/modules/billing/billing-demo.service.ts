import {
  AppError,
  BILLING_MESSAGES,
  DEFAULT_CURRENCY,
  type DemoCheckoutPayResponse,
  type DemoCheckoutSession,
  type DemoEndPeriodResponse,
  PLAN_PRICES,
} from '@app/contracts';
import type { ServiceContext } from '../context.ts';
import {
  type DemoSession,
  type DemoStripe,
  isDemoSubscriptionId,
  periodEnd,
  subscriptionObject,
} from './demo-stripe.ts';

export type BillingDemoService = ReturnType<typeof createBillingDemoService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const BILLING_DEMO_REPOS = ['billing', 'users'] as const;

/**
 * The demo checkout page's actions (BILLING_DEMO): what a session is for, "Pay" (Stripe's three events
 * for a paid Checkout session, signed, through the real webhook) and "end the period now" (the
 * deletion Stripe sends when a cancelled subscription's period is over). Off: 404.
 */
export function createBillingDemoService(
  { config, repos, clock }: ServiceContext<(typeof BILLING_DEMO_REPOS)[number]>,
  demo: DemoStripe | null,
) {
  const requireDemo = (): DemoStripe => {
    if (!demo) throw new AppError('NOT_FOUND', BILLING_MESSAGES.demoOff);
    return demo;
  };

  /** What Stripe holds once the customer has paid: the session, its new subscription, the paid invoice. */
  function paidObjects(session: DemoSession) {
    const priceId =
      (session.plan === 'annual' ? config.STRIPE_PRICE_ANNUAL : config.STRIPE_PRICE_MONTHLY) ?? '';
    const start = clock();
    const subscription = subscriptionObject({
      id: `sub_${session.sid}`,
      customer: session.cus ?? `cus_${session.sid}`,
      userId: session.uid,
      plan: session.plan,
      priceId,
      status: 'active',
      start,
      end: periodEnd(start, session.plan),
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
    const paidAt = Math.floor(start.getTime() / 1000);
    const amount = PLAN_PRICES[session.plan].amountCents;
    const invoice = {
      id: `in_${session.sid}`,
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      amount_due: amount,
      amount_paid: amount,
      currency: DEFAULT_CURRENCY,
      created: paidAt,
      status_transitions: { paid_at: paidAt },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      livemode: false,
    };
    const checkout = {
      id: `cs_${session.sid}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: session.uid,
      customer: subscription.customer,
      subscription: subscription.id,
      metadata: subscription.metadata,
      livemode: false,
    };
    return { subscription, invoice, checkout };
  }

  return {
    async getSession(userId: string, token: string): Promise<DemoCheckoutSession> {
      const session = requireDemo().readSession(token, userId);
      // The address stays out of the link (it ends up in histories and logs): the account says it.
      const user = await repos.users.findById(userId);
      return {
        plan: session.plan,
        amount_cents: PLAN_PRICES[session.plan].amountCents,
        currency: DEFAULT_CURRENCY,
        email: user?.email ?? null,
        cancel_url: session.back,
      };
    },

    /** "Pay": idempotent per session (a second click or a replay changes nothing). */
    async pay(userId: string, token: string): Promise<DemoCheckoutPayResponse> {
      const stripe = requireDemo();
      const session = stripe.readSession(token, userId);
      const paid = await repos.billing.findByStripeId(`sub_${session.sid}`);
      if (!paid) {
        if (await repos.billing.hasEntitled(userId))
          throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
        const { subscription, invoice, checkout } = paidObjects(session);
        // Event ids follow the session, so two clicks at once apply each event once.
        await stripe.withPending(subscription, async () => {
          await stripe.deliver('checkout.session.completed', checkout, `evt_${session.sid}_completed`);
          await stripe.deliver('customer.subscription.created', subscription, `evt_${session.sid}_created`);
          await stripe.deliver('invoice.paid', invoice, `evt_${session.sid}_paid`);
        });
      }
      return { success: true, redirect_url: session.ok };
    },

    /** The demo's stand-in for time passing: a subscription set to cancel ends now. */
    async endPeriod(userId: string): Promise<DemoEndPeriodResponse> {
      const stripe = requireDemo();
      const row = await repos.billing.findCurrent(userId);
      if (!row || !isDemoSubscriptionId(row.stripeSubscriptionId))
        throw new AppError('NOT_FOUND', BILLING_MESSAGES.noSubscription);
      if (!row.cancelAtPeriodEnd) throw new AppError('CONFLICT', BILLING_MESSAGES.demoNotEnding);
      const now = Math.floor(clock().getTime() / 1000);
      const ended = { ...stripe.fromRow(row), status: 'canceled', ended_at: now };
      await stripe.withPending(ended, () => stripe.deliver('customer.subscription.deleted', ended));
      return { success: true, message: BILLING_MESSAGES.demoEnded };
    },
  };
}
