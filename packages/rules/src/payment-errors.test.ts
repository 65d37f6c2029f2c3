import { describe, expect, it } from 'vitest';
import { classifyPaymentError, isAutoRetryable } from './payment-errors.ts';

describe('classifyPaymentError: every row of the §8 table', () => {
  it('network error by name or a message containing "fetch": retryable warning', () => {
    for (const error of [{ name: 'NetworkError', message: 'offline' }, new TypeError('Failed to fetch')]) {
      expect(classifyPaymentError(error)).toMatchObject({
        key: 'network',
        retryable: true,
        severity: 'warning',
      });
    }
  });

  it('timeout: retryable warning', () => {
    for (const error of [
      { name: 'TimeoutError', message: 'signal timed out' },
      new Error('Request timeout'),
      { code: 'ETIMEDOUT', message: 'connect' },
    ]) {
      expect(classifyPaymentError(error)).toMatchObject({
        key: 'timeout',
        retryable: true,
        severity: 'warning',
      });
    }
  });

  it.each([
    ['expired_card', 'error'],
    ['insufficient_funds', 'error'],
    ['incorrect_cvc', 'error'],
    ['processing_error', 'warning'],
  ] as const)('card code %s: retryable with its own text', (code, severity) => {
    const result = classifyPaymentError({ type: 'StripeCardError', code, message: 'provider text' });
    expect(result).toMatchObject({ key: code, retryable: true, severity, providerCode: code });
    expect(result.title).toBeTruthy();
    expect(result.action).toBeTruthy();
  });

  it('card_declined without a decline code: generic retryable decline text', () => {
    expect(classifyPaymentError({ code: 'card_declined', message: 'Your card was declined.' })).toMatchObject(
      {
        declineKey: 'generic',
        retryable: true,
        providerCode: 'card_declined',
        title: 'Card declined',
      },
    );
  });

  it('rate_limit: retryable warning', () => {
    expect(classifyPaymentError({ code: 'rate_limit', statusCode: 429 })).toMatchObject({
      key: 'rate_limit',
      retryable: true,
      severity: 'warning',
    });
  });

  it("the SDK's rate-limit error (HTTP 429 without a code) is rate_limit", () => {
    expect(
      classifyPaymentError({ type: 'StripeRateLimitError', rawType: 'rate_limit_error', statusCode: 429 }),
    ).toMatchObject({ key: 'rate_limit', retryable: true, severity: 'warning', providerCode: 'rate_limit' });
  });

  it.each(['api_key_expired', 'api_connection_error', 'api_error'])('%s: retryable service error', (code) => {
    expect(classifyPaymentError({ code })).toMatchObject({
      key: 'service_error',
      retryable: true,
      severity: 'error',
    });
  });

  it("the SDK's API error (a Stripe 5xx) is a service error too", () => {
    expect(
      classifyPaymentError({ type: 'StripeAPIError', rawType: 'api_error', statusCode: 503 }),
    ).toMatchObject({
      key: 'service_error',
      retryable: true,
    });
  });

  it("the SDK's connection error counts as api_connection_error", () => {
    expect(
      classifyPaymentError({
        type: 'StripeConnectionError',
        message: 'An error occurred with our connection to Stripe.',
      }),
    ).toMatchObject({ key: 'service_error', retryable: true });
  });

  it('an unknown provider code: not retryable, the provider message shown', () => {
    const result = classifyPaymentError({ code: 'currency_mismatch', message: 'Currency must be usd.' });
    expect(result).toMatchObject({
      key: 'stripe_generic',
      retryable: false,
      description: 'Currency must be usd.',
      providerMessage: 'Currency must be usd.',
    });
  });

  it('a generic error: not retryable', () => {
    for (const error of [new Error('boom'), 'boom', null, undefined, 42, { code: 'INTERNAL' }]) {
      expect(classifyPaymentError(error)).toMatchObject({
        key: 'generic',
        retryable: false,
        severity: 'error',
      });
    }
  });
});

describe('classifyPaymentError: every card_declined decline code', () => {
  it.each([
    ['insufficient_funds', 'insufficient_funds', false, 'error'],
    ['lost_card', 'lost_stolen', false, 'error'],
    ['stolen_card', 'lost_stolen', false, 'error'],
    ['expired_card', 'expired', true, 'error'],
    ['incorrect_cvc', 'incorrect_cvc', true, 'error'],
    ['processing_error', 'processing', true, 'warning'],
    ['do_not_honor', 'generic', true, 'error'],
    ['generic_decline', 'generic', true, 'error'],
  ] as const)('decline %s → %s', (declineCode, declineKey, retryable, severity) => {
    const result = classifyPaymentError({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: declineCode,
      message: 'Your card was declined.',
    });
    expect(result).toMatchObject({ declineKey, retryable, severity, providerCode: 'card_declined' });
  });

  it('the expired and incorrect-CVC declines have texts of their own', () => {
    const texts = new Set(
      ['expired_card', 'incorrect_cvc', 'do_not_honor'].map(
        (decline_code) => classifyPaymentError({ code: 'card_declined', decline_code }).description,
      ),
    );
    expect(texts.size).toBe(3);
  });
});

describe('isAutoRetryable (§8 automatic retry)', () => {
  const retryable: [string, object][] = [
    ['network error', { name: 'NetworkError' }],
    ['timeout', { name: 'TimeoutError' }],
    ['rate_limit', { code: 'rate_limit' }],
    ['processing_error', { code: 'processing_error' }],
    ['api_connection_error', { type: 'StripeConnectionError' }],
    ['api_error', { rawType: 'api_error', code: 'api_error' }],
    ...[408, 429, 500, 502, 503, 504].map((status): [string, object] => [
      `HTTP ${status}`,
      { statusCode: status },
    ]),
  ];
  it.each(retryable)('retries %s', (_, error) => {
    expect(isAutoRetryable(error)).toBe(true);
  });

  it.each([
    ['a card decline', { code: 'card_declined', statusCode: 402 }],
    ['a bad request', { rawType: 'invalid_request_error', statusCode: 400 }],
    ['auth failure', { statusCode: 401 }],
    ['HTTP 501', { statusCode: 501 }],
    ['a plain error', new Error('boom')],
  ])('does not retry %s', (_, error) => {
    expect(isAutoRetryable(error)).toBe(false);
  });
});
