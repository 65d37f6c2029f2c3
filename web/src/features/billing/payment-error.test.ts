import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { classifyCheckoutError } from './payment-error';

describe('classifyCheckoutError', () => {
  it('a request that never got an answer is a retryable network warning', () => {
    const result = classifyCheckoutError(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'));
    expect(result).toMatchObject({
      key: 'network',
      retryable: true,
      severity: 'warning',
      textKey: 'errors.network',
    });
  });

  it("reads Stripe's codes from the gateway's error fields", () => {
    const declined = new ApiError(
      402,
      'PAYMENT_FAILED',
      'Your card was declined because of insufficient funds.',
      {
        payment_error: 'stripe_generic',
        provider_code: 'card_declined',
        decline_code: 'insufficient_funds',
      },
    );
    expect(classifyCheckoutError(declined)).toMatchObject({
      declineKey: 'insufficient_funds',
      retryable: false,
      textKey: 'declines.insufficient_funds',
    });
    const unavailable = new ApiError(503, 'UNAVAILABLE', 'The payment service is temporarily unavailable.', {
      payment_error: 'service_error',
      provider_code: 'api_error',
    });
    expect(classifyCheckoutError(unavailable)).toMatchObject({ key: 'service_error', retryable: true });
  });

  it('keeps the server answer for a generic failure (Stripe not configured)', () => {
    const answer = new ApiError(503, 'UNAVAILABLE', 'Payments are not available');
    const result = classifyCheckoutError(answer);
    expect(result).toMatchObject({ key: 'generic', retryable: false });
    expect(result.serverError).toBe(answer);
  });

  it('a timeout (AbortSignal.timeout) is a retryable warning', () => {
    const error = new DOMException('signal timed out', 'TimeoutError');
    expect(classifyCheckoutError(error)).toMatchObject({ key: 'timeout', retryable: true });
  });
});
