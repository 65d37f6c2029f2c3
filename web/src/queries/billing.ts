import type {
  BillingPlan,
  CheckoutResponse,
  SubscriptionActionBody,
  SubscriptionActionResponse,
  SubscriptionResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import type { Language } from '../i18n/language';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: (userId: string) => ['billing', 'subscription', userId] as const,
};

/** GET /api/billing/subscription: the current subscription (or null) and the payment history. */
export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: billingKeys.subscription(userId),
    queryFn: ({ signal }) => api.get<SubscriptionResponse>('/api/billing/subscription', { signal }),
    staleTime: 30_000,
  });
}

/** POST /api/billing/checkout: the server picks the price; the gateway already retries Stripe. */
export function createCheckout(plan: BillingPlan, language: Language) {
  return api.post<CheckoutResponse>('/api/billing/checkout', { plan, language });
}

export function changeSubscription(body: SubscriptionActionBody) {
  return api.post<SubscriptionActionResponse>('/api/billing/subscription', body);
}
