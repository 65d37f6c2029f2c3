import {
  DECLINE_TEXTS,
  type DeclineKey,
  PAYMENT_ERROR_TEXTS,
  type PaymentErrorClassification,
  type PaymentErrorKey,
  type PaymentErrorLike,
  type PaymentErrorSeverity,
} from '@app/contracts';

// Payment error classification (spec §8 "Subscription management and payments") and which errors are
// retried automatically (§8, §9), over the contracts' keys and texts. Pure functions: the gateway uses
// them on errors from the Stripe SDK, the web app on what the gateway answered, so both tell the same story.

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
