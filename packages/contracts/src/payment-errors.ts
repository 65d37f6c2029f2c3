// Payment errors (spec §8 "Subscription management and payments") and the checkout retry policy
// (§8, §9): the keys, texts and policies. The classification that applies them, the same in the
// gateway and the web app, is @app/rules payment-errors.ts.

/** The message sets of the translation tables (§8): web i18n keys `errors.<key>.*`. */
export type PaymentErrorKey =
  | 'network'
  | 'timeout'
  | 'generic'
  | 'expired_card'
  | 'insufficient_funds'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'rate_limit'
  | 'service_error'
  | 'stripe_generic';

/** The card_declined variants (§8): web i18n keys `declines.<key>.*`. */
export type DeclineKey =
  | 'insufficient_funds'
  | 'lost_stolen'
  | 'expired'
  | 'incorrect_cvc'
  | 'processing'
  | 'generic';

export type PaymentErrorSeverity = 'warning' | 'error';

export type PaymentErrorClassification = {
  key: PaymentErrorKey;
  /** Set for code card_declined: which decline text applies. */
  declineKey?: DeclineKey;
  title: string;
  description: string;
  action: string;
  retryable: boolean;
  severity: PaymentErrorSeverity;
  /** The provider's code as received (card_declined, rate_limit, …), when there was one. */
  providerCode?: string;
  /** The provider's own message, shown for codes this table does not know. */
  providerMessage?: string;
};

/** What classification reads from an error: Stripe SDK errors, fetch failures, API errors. */
export type PaymentErrorLike = {
  name?: string;
  message?: string;
  code?: string;
  decline_code?: string;
  /** Stripe SDK: the class name (StripeCardError …); its raw type is `rawType`. */
  type?: string;
  rawType?: string;
  statusCode?: number;
  status?: number;
};

type Text = { title: string; description: string; action: string };

/** English texts (the gateway's messages; the web app shows its translated copies). */
export const PAYMENT_ERROR_TEXTS: Record<PaymentErrorKey, Text> = {
  network: {
    title: 'Network error',
    description: 'We could not reach the payment service. Check your connection.',
    action: 'Check your internet connection and try again.',
  },
  timeout: {
    title: 'Request timed out',
    description: 'The payment service took too long to answer.',
    action: 'Please try again in a moment.',
  },
  generic: {
    title: 'Payment failed',
    description: 'Something went wrong while processing your payment.',
    action: 'Please try again later or contact support.',
  },
  expired_card: {
    title: 'Card expired',
    description: 'Your card has expired.',
    action: 'Use a different card or update the expiry date.',
  },
  insufficient_funds: {
    title: 'Insufficient funds',
    description: 'Your card has insufficient funds.',
    action: 'Use a different card or payment method.',
  },
  incorrect_cvc: {
    title: 'Incorrect security code',
    description: "Your card's security code (CVC) is incorrect.",
    action: 'Check the CVC and try again.',
  },
  processing_error: {
    title: 'Processing error',
    description: 'An error occurred while processing your card.',
    action: 'Please try again in a moment.',
  },
  rate_limit: {
    title: 'Too many requests',
    description: 'Too many payment attempts in a short time.',
    action: 'Wait a moment and try again.',
  },
  service_error: {
    title: 'Payment service unavailable',
    description: 'The payment service is temporarily unavailable.',
    action: 'Please try again in a few minutes.',
  },
  stripe_generic: {
    title: 'Payment error',
    description: 'The payment provider reported an error.',
    action: 'Please check your details or contact support.',
  },
};

export const DECLINE_TEXTS: Record<DeclineKey, Text> = {
  insufficient_funds: {
    title: 'Card declined: insufficient funds',
    description: 'Your card was declined because of insufficient funds.',
    action: 'Use a different card or payment method.',
  },
  lost_stolen: {
    title: 'Card declined',
    description: 'Your card was declined. It has been reported lost or stolen.',
    action: 'Use a different card or contact your bank.',
  },
  expired: {
    title: 'Card declined: card expired',
    description: 'Your card was declined because it has expired.',
    action: 'Use a different card or update the expiry date.',
  },
  incorrect_cvc: {
    title: 'Card declined: incorrect CVC',
    description: 'Your card was declined because the security code (CVC) is incorrect.',
    action: 'Check the CVC and try again.',
  },
  processing: {
    title: 'Card declined: processing error',
    description: 'An error occurred while processing your card.',
    action: 'Please try again in a moment.',
  },
  generic: {
    title: 'Card declined',
    description: 'Your card was declined.',
    action: 'Try again, use a different card or contact your bank.',
  },
};

export const MAX_RETRIES_REACHED_MESSAGE = 'Max retries reached';

// ───────────────────────────── retries ─────────────────────────────

export type RetryPolicy = { maxRetries: number; baseDelayMs: number; maxDelayMs: number };

/** Checkout session creation (§9): 3 retries, 1000 ms doubling, capped at 5000 ms. */
export const CHECKOUT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 5000 };
/** The default retry helper's policy (§9): same start, capped at 10000 ms. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 10_000 };
/** Manual "try again" clicks on the pricing page, per plan (§9). */
export const MAX_MANUAL_CHECKOUT_RETRIES = 3;
