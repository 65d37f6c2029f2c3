import type { DeclineKey, PaymentErrorKey } from '@app/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The billing texts whose key is chosen at run time, declared where `lingui extract` finds them and read
// with a screen's Lingui `t`. The payment failures', the plans', their features' and the questions' texts
// are many, and the pricing page is a public page at its JavaScript budget: it names
// those by their ids, put together at run time (billingMessage), instead of importing the declarations
// below (their ids alone weigh about 1 KiB compressed). The declarations' types list every key the page
// may put together, and the tests hold each put-together id to its declaration.

/** A billing message by its id's parts: `billingMessage('errors.network', 'title')` is `billing.errors.network.title`. */
export const billingMessage = (key: string, part: string): MessageDescriptor => ({
  id: `billing.${key}.${part}`,
});

/** What the plans include, in the order the pricing page lists them. */
export const PRO_FEATURES = ['everything', 'history', 'favorites', 'generation', 'support'] as const;
export const FREE_FEATURES = ['summaries', 'topics', 'email'] as const;
type ProFeature = (typeof PRO_FEATURES)[number];
type FreeFeature = (typeof FREE_FEATURES)[number];

type PaymentErrorMessages = Record<'title' | 'description' | 'action', MessageDescriptor>;
type PlanMessages = Record<'name' | 'description' | 'button', MessageDescriptor>;
type FaqMessages = Record<'question' | 'answer', MessageDescriptor>;

/** What the free plan includes. */
export const PRICING_FREE_FEATURES_MESSAGES: Record<FreeFeature, MessageDescriptor> = {
  summaries: msg({
    id: 'billing.pricing.free.features.summaries',
    message: 'Daily summaries for yesterday and today',
  }),
  topics: msg({ id: 'billing.pricing.free.features.topics', message: 'Browse every topic and source' }),
  email: msg({ id: 'billing.pricing.free.features.email', message: 'Daily email digest subscription' }),
};

/** What Pro adds. */
export const PRICING_PRO_FEATURES_MESSAGES: Record<ProFeature, MessageDescriptor> = {
  everything: msg({ id: 'billing.pricing.proFeatures.everything', message: 'Everything in Free' }),
  history: msg({
    id: 'billing.pricing.proFeatures.history',
    message: 'Full summary history and date filters',
  }),
  favorites: msg({ id: 'billing.pricing.proFeatures.favorites', message: 'Favourite sources and summaries' }),
  generation: msg({
    id: 'billing.pricing.proFeatures.generation',
    message: 'AI social-media content generation',
  }),
  support: msg({ id: 'billing.pricing.proFeatures.support', message: 'Priority support' }),
};

/** A payment failure's title, what happened and what to do, by its text key (payment-error.ts). */
export const PAYMENT_ERROR_MESSAGES: Record<
  `errors.${PaymentErrorKey}` | `declines.${DeclineKey}`,
  PaymentErrorMessages
> = {
  'errors.network': {
    title: msg({ id: 'billing.errors.network.title', message: 'Network error' }),
    description: msg({
      id: 'billing.errors.network.description',
      message: 'We could not reach the payment service. Check your connection.',
    }),
    action: msg({
      id: 'billing.errors.network.action',
      message: 'Check your internet connection and try again.',
    }),
  },
  'errors.timeout': {
    title: msg({ id: 'billing.errors.timeout.title', message: 'Request timed out' }),
    description: msg({
      id: 'billing.errors.timeout.description',
      message: 'The payment service took too long to answer.',
    }),
    action: msg({ id: 'billing.errors.timeout.action', message: 'Please try again in a moment.' }),
  },
  'errors.generic': {
    title: msg({ id: 'billing.errors.generic.title', message: 'Payment failed' }),
    description: msg({
      id: 'billing.errors.generic.description',
      message: 'Something went wrong while processing your payment.',
    }),
    action: msg({
      id: 'billing.errors.generic.action',
      message: 'Please try again later or contact support.',
    }),
  },
  'errors.expired_card': {
    title: msg({ id: 'billing.errors.expired_card.title', message: 'Card expired' }),
    description: msg({ id: 'billing.errors.expired_card.description', message: 'Your card has expired.' }),
    action: msg({
      id: 'billing.errors.expired_card.action',
      message: 'Use a different card or update the expiry date.',
    }),
  },
  'errors.insufficient_funds': {
    title: msg({ id: 'billing.errors.insufficient_funds.title', message: 'Insufficient funds' }),
    description: msg({
      id: 'billing.errors.insufficient_funds.description',
      message: 'Your card has insufficient funds.',
    }),
    action: msg({
      id: 'billing.errors.insufficient_funds.action',
      message: 'Use a different card or payment method.',
    }),
  },
  'errors.incorrect_cvc': {
    title: msg({ id: 'billing.errors.incorrect_cvc.title', message: 'Incorrect security code' }),
    description: msg({
      id: 'billing.errors.incorrect_cvc.description',
      message: "Your card's security code (CVC) is incorrect.",
    }),
    action: msg({ id: 'billing.errors.incorrect_cvc.action', message: 'Check the CVC and try again.' }),
  },
  'errors.processing_error': {
    title: msg({ id: 'billing.errors.processing_error.title', message: 'Processing error' }),
    description: msg({
      id: 'billing.errors.processing_error.description',
      message: 'An error occurred while processing your card.',
    }),
    action: msg({ id: 'billing.errors.processing_error.action', message: 'Please try again in a moment.' }),
  },
  'errors.rate_limit': {
    title: msg({ id: 'billing.errors.rate_limit.title', message: 'Too many requests' }),
    description: msg({
      id: 'billing.errors.rate_limit.description',
      message: 'Too many payment attempts in a short time.',
    }),
    action: msg({ id: 'billing.errors.rate_limit.action', message: 'Wait a moment and try again.' }),
  },
  'errors.service_error': {
    title: msg({ id: 'billing.errors.service_error.title', message: 'Payment service unavailable' }),
    description: msg({
      id: 'billing.errors.service_error.description',
      message: 'The payment service is temporarily unavailable.',
    }),
    action: msg({ id: 'billing.errors.service_error.action', message: 'Please try again in a few minutes.' }),
  },
  'errors.stripe_generic': {
    title: msg({ id: 'billing.errors.stripe_generic.title', message: 'Payment error' }),
    description: msg({
      id: 'billing.errors.stripe_generic.description',
      message: 'The payment provider reported an error.',
    }),
    action: msg({
      id: 'billing.errors.stripe_generic.action',
      message: 'Please check your details or contact support.',
    }),
  },
  'declines.insufficient_funds': {
    title: msg({
      id: 'billing.declines.insufficient_funds.title',
      message: 'Card declined: insufficient funds',
    }),
    description: msg({
      id: 'billing.declines.insufficient_funds.description',
      message: 'Your card was declined because of insufficient funds.',
    }),
    action: msg({
      id: 'billing.declines.insufficient_funds.action',
      message: 'Use a different card or payment method.',
    }),
  },
  'declines.lost_stolen': {
    title: msg({ id: 'billing.declines.lost_stolen.title', message: 'Card declined' }),
    description: msg({
      id: 'billing.declines.lost_stolen.description',
      message: 'Your card was declined. It has been reported lost or stolen.',
    }),
    action: msg({
      id: 'billing.declines.lost_stolen.action',
      message: 'Use a different card or contact your bank.',
    }),
  },
  'declines.expired': {
    title: msg({ id: 'billing.declines.expired.title', message: 'Card declined: card expired' }),
    description: msg({
      id: 'billing.declines.expired.description',
      message: 'Your card was declined because it has expired.',
    }),
    action: msg({
      id: 'billing.declines.expired.action',
      message: 'Use a different card or update the expiry date.',
    }),
  },
  'declines.incorrect_cvc': {
    title: msg({ id: 'billing.declines.incorrect_cvc.title', message: 'Card declined: incorrect CVC' }),
    description: msg({
      id: 'billing.declines.incorrect_cvc.description',
      message: 'Your card was declined because the security code (CVC) is incorrect.',
    }),
    action: msg({ id: 'billing.declines.incorrect_cvc.action', message: 'Check the CVC and try again.' }),
  },
  'declines.processing': {
    title: msg({ id: 'billing.declines.processing.title', message: 'Card declined: processing error' }),
    description: msg({
      id: 'billing.declines.processing.description',
      message: 'An error occurred while processing your card.',
    }),
    action: msg({ id: 'billing.declines.processing.action', message: 'Please try again in a moment.' }),
  },
  'declines.generic': {
    title: msg({ id: 'billing.declines.generic.title', message: 'Card declined' }),
    description: msg({ id: 'billing.declines.generic.description', message: 'Your card was declined.' }),
    action: msg({
      id: 'billing.declines.generic.action',
      message: 'Try again, use a different card or contact your bank.',
    }),
  },
};

/** Each plan's name, what it is for, and its button. */
export const PLAN_MESSAGES: Record<'free' | 'monthly' | 'annual', PlanMessages> = {
  free: {
    name: msg({ id: 'billing.pricing.free.name', message: 'Free' }),
    description: msg({ id: 'billing.pricing.free.description', message: 'For readers getting started' }),
    button: msg({ id: 'billing.pricing.free.button', message: 'Current plan' }),
  },
  monthly: {
    name: msg({ id: 'billing.pricing.monthly.name', message: 'Pro Monthly' }),
    description: msg({
      id: 'billing.pricing.monthly.description',
      message: 'Full access, billed every month',
    }),
    button: msg({ id: 'billing.pricing.monthly.button', message: 'Subscribe monthly' }),
  },
  annual: {
    name: msg({ id: 'billing.pricing.annual.name', message: 'Pro Annual' }),
    description: msg({
      id: 'billing.pricing.annual.description',
      message: 'Full access, billed once a year',
    }),
    button: msg({ id: 'billing.pricing.annual.button', message: 'Subscribe annually' }),
  },
};

/** The questions and answers under the plans. */
export const FAQ_MESSAGES: Record<'cancel' | 'payment' | 'annual' | 'support', FaqMessages> = {
  cancel: {
    question: msg({ id: 'billing.pricing.faq.cancel.question', message: 'Can I cancel anytime?' }),
    answer: msg({
      id: 'billing.pricing.faq.cancel.answer',
      message:
        'Yes. Cancel from your profile at any time; you keep Pro until the end of the period you paid for.',
    }),
  },
  payment: {
    question: msg({
      id: 'billing.pricing.faq.payment.question',
      message: 'Which payment methods do you accept?',
    }),
    answer: msg({
      id: 'billing.pricing.faq.payment.answer',
      message: 'All major credit and debit cards, and Alipay, through our secure payment provider.',
    }),
  },
  annual: {
    question: msg({ id: 'billing.pricing.faq.annual.question', message: 'How does annual billing work?' }),
    answer: msg({
      id: 'billing.pricing.faq.annual.answer',
      message: 'You pay once a year, which equals 2 months free compared with paying monthly.',
    }),
  },
  support: {
    question: msg({ id: 'billing.pricing.faq.support.question', message: 'Do Pro users get support?' }),
    answer: msg({
      id: 'billing.pricing.faq.support.answer',
      message: 'Yes. Pro users get priority support by email.',
    }),
  },
};
