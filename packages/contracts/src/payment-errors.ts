// Payment error classification (spec §8 "Subscription management and payments") and the checkout
// retry policy (§8, §9). Pure functions with no dependencies: the gateway uses them on errors from
// the Stripe SDK, the web app on what the gateway answered, so both tell the same story.

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

/** Codes the table lists as retryable card problems (§8). */
const CARD_CODES = [
  'card_declined',
  'expired_card',
  'insufficient_funds',
  'incorrect_cvc',
  'processing_error',
];
// api_error (a provider 5xx) is not in the spec's table; it is the same situation for the user.
const SERVICE_CODES = ['api_key_expired', 'api_connection_error', 'api_error'];

function classification(
  key: PaymentErrorKey,
  retryable: boolean,
  severity: PaymentErrorSeverity,
  extra: Partial<PaymentErrorClassification> = {},
): PaymentErrorClassification {
  return { key, ...PAYMENT_ERROR_TEXTS[key], retryable, severity, ...extra };
}

function asLike(error: unknown): PaymentErrorLike {
  if (typeof error === 'string') return { message: error };
  if (error && typeof error === 'object') return error as PaymentErrorLike;
  return {};
}

/** The provider code: Stripe's `code`, or what a connection failure of the SDK stands for. */
function providerCodeOf(error: PaymentErrorLike): string | undefined {
  // Provider codes are lower snake case; Node's (ECONNRESET) and our own (NETWORK_ERROR) are not.
  if (typeof error.code === 'string' && /^[a-z][a-z_]*$/.test(error.code)) return error.code;
  if (error.type === 'StripeConnectionError') return 'api_connection_error';
  if (error.rawType === 'api_error') return 'api_error';
  if (error.rawType === 'rate_limit_error' || error.type === 'StripeRateLimitError') return 'rate_limit';
  return undefined;
}

function isTimeout(error: PaymentErrorLike): boolean {
  const message = (error.message ?? '').toLowerCase();
  return (
    error.name === 'TimeoutError' ||
    error.code === 'ETIMEDOUT' ||
    error.status === 408 ||
    error.statusCode === 408 ||
    message.includes('timeout') ||
    message.includes('timed out')
  );
}

function isNetwork(error: PaymentErrorLike): boolean {
  return (
    error.name === 'NetworkError' ||
    (error.message ?? '').includes('fetch') ||
    error.code === 'ECONNREFUSED' ||
    error.code === 'ECONNRESET'
  );
}

function classifyDecline(
  declineCode: string | undefined,
  providerMessage?: string,
): PaymentErrorClassification {
  const base = { providerCode: 'card_declined', providerMessage };
  const decline = (declineKey: DeclineKey, retryable: boolean, severity: PaymentErrorSeverity) => ({
    key: 'stripe_generic' as const,
    declineKey,
    ...DECLINE_TEXTS[declineKey],
    retryable,
    severity,
    ...base,
  });
  switch (declineCode) {
    case 'insufficient_funds':
      return decline('insufficient_funds', false, 'error');
    case 'lost_card':
    case 'stolen_card':
      return decline('lost_stolen', false, 'error');
    case 'expired_card':
      return decline('expired', true, 'error');
    case 'incorrect_cvc':
      return decline('incorrect_cvc', true, 'error');
    case 'processing_error':
      return decline('processing', true, 'warning');
    default:
      return decline('generic', true, 'error');
  }
}

/** Spec §8's table: title, description, suggested action, retryable flag and severity. */
export function classifyPaymentError(input: unknown): PaymentErrorClassification {
  const error = asLike(input);
  const code = providerCodeOf(error);
  if (code === 'card_declined') return classifyDecline(error.decline_code, error.message);
  if (code && CARD_CODES.includes(code)) {
    const key = code as PaymentErrorKey;
    return classification(key, true, code === 'processing_error' ? 'warning' : 'error', {
      providerCode: code,
    });
  }
  if (code === 'rate_limit') return classification('rate_limit', true, 'warning', { providerCode: code });
  if (code && SERVICE_CODES.includes(code))
    return classification('service_error', true, 'error', { providerCode: code });
  if (code) {
    // A provider code this table does not know: not retryable, and the provider's message is shown.
    return classification('stripe_generic', false, 'error', {
      providerCode: code,
      providerMessage: error.message,
      description: error.message || PAYMENT_ERROR_TEXTS.stripe_generic.description,
    });
  }
  if (isTimeout(error)) return classification('timeout', true, 'warning');
  if (isNetwork(error)) return classification('network', true, 'warning');
  return classification('generic', false, 'error');
}

// ───────────────────────────── retries ─────────────────────────────

export type RetryPolicy = { maxRetries: number; baseDelayMs: number; maxDelayMs: number };

/** Checkout session creation (§9): 3 retries, 1000 ms doubling, capped at 5000 ms. */
export const CHECKOUT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 5000 };
/** The default retry helper's policy (§9): same start, capped at 10000 ms. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 10_000 };
/** Manual "try again" clicks on the pricing page, per plan (§9). */
export const MAX_MANUAL_CHECKOUT_RETRIES = 3;

const RETRYABLE_CODES = ['rate_limit', 'processing_error', 'api_connection_error', 'api_error'];
const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

/** §8 "automatic retry": network errors, timeouts, some codes and some HTTP statuses. */
export function isAutoRetryable(input: unknown): boolean {
  const error = asLike(input);
  const code = providerCodeOf(error);
  if (code && RETRYABLE_CODES.includes(code)) return true;
  const status = error.statusCode ?? error.status;
  if (status !== undefined && RETRYABLE_STATUSES.includes(status)) return true;
  if (status !== undefined && status > 0) return false;
  return isTimeout(error) || isNetwork(error);
}
