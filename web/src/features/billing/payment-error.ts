import type { PaymentErrorClassification } from '@app/contracts';
import { classifyPaymentError } from '@app/rules';
import { type ApiError, isApiError } from '../../api/client';

export type CheckoutFailure = PaymentErrorClassification & {
  /** The i18n key (billing namespace) of the title/description/action texts. */
  textKey: `errors.${string}` | `declines.${string}`;
  /** The server's answer, whose text (api/error-text) is shown for generic failures (e.g. "Stripe is not configured"). */
  serverError?: ApiError;
};

/**
 * The shared §8 classifier applied to what the browser sees: a network failure, a timeout, or the
 * gateway's error whose fields carry Stripe's codes (provider_code, decline_code).
 */
export function classifyCheckoutError(error: unknown): CheckoutFailure {
  let input: unknown = error;
  let serverError: ApiError | undefined;
  if (isApiError(error)) {
    serverError = error.isNetworkError ? undefined : error;
    input = error.isNetworkError
      ? { name: 'NetworkError', message: error.message }
      : {
          code: error.fields?.provider_code,
          decline_code: error.fields?.decline_code,
          message: error.message,
          status: error.status,
        };
  }
  const classified = classifyPaymentError(input);
  const textKey = classified.declineKey
    ? (`declines.${classified.declineKey}` as const)
    : (`errors.${classified.key}` as const);
  return { ...classified, textKey, serverError };
}
