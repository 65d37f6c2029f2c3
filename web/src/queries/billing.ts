import type { BillingPlan, SubscriptionActionBody } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import type { Language } from '../i18n/language';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: (userId: string) => ['billing', 'subscription', userId] as const,
  demoSession: (session: string) => ['billing', 'demo-session', session] as const,
};

/** GET /api/billing/subscription: the current subscription (or null) and the payment history. */
export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: billingKeys.subscription(userId),
    queryFn: ({ signal }) => api.get('/api/billing/subscription', { signal }),
    staleTime: 30_000,
  });
}

/** POST /api/billing/checkout: the server picks the price; the gateway already retries Stripe. */
export function createCheckout(plan: BillingPlan, language: Language) {
  return api.post('/api/billing/checkout', { plan, language });
}

export function changeSubscription(body: SubscriptionActionBody) {
  return api.post('/api/billing/subscription', body);
}

/** GET /api/billing/demo/session: what a demo checkout link is for (the demo checkout page). */
export function demoSessionQueryOptions(session: string) {
  return queryOptions({
    queryKey: billingKeys.demoSession(session),
    queryFn: ({ signal }) => api.get('/api/billing/demo/session', { query: { session }, signal }),
    // A forged or expired link stays so: say it at once instead of asking again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/billing/demo/pay: the demo checkout's "Pay" (Stripe's signed events, no money). */
export function payDemoCheckout(session: string) {
  return api.post('/api/billing/demo/pay', { session });
}

/** POST /api/billing/demo/end-period: a cancelling demo subscription ends now. */
export function endDemoPeriod() {
  return api.post('/api/billing/demo/end-period');
}
