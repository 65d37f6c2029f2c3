import { CHECKOUT_RETRY_POLICY, DEFAULT_RETRY_POLICY } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { retryDelayMs, withRetry } from './retry.ts';

describe('retry policy', () => {
  it('checkout: 1000 ms doubling, capped at 5000 ms; the default helper caps at 10000 ms', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, CHECKOUT_RETRY_POLICY))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY))).toEqual([
      1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(CHECKOUT_RETRY_POLICY.maxRetries).toBe(3);
  });

  it('withRetry: retries up to 3 times with the backoff, then gives up with the last error', async () => {
    const delays: number[] = [];
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls += 1;
        throw Object.assign(new Error(`fail ${calls}`), { statusCode: 503 });
      },
      { policy: CHECKOUT_RETRY_POLICY, sleep: async (ms) => void delays.push(ms) },
    );
    await expect(failing).rejects.toThrow('fail 4');
    expect(calls).toBe(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('withRetry: succeeds on a later attempt and never retries a non-retryable error', async () => {
    const delays: number[] = [];
    const sleep = async (ms: number) => void delays.push(ms);
    let calls = 0;
    const value = await withRetry(
      async (attempt) => {
        calls += 1;
        if (attempt < 3) throw { name: 'NetworkError', message: 'down' };
        return 'ok';
      },
      { policy: CHECKOUT_RETRY_POLICY, sleep },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw { code: 'card_declined', statusCode: 402 };
        },
        { policy: CHECKOUT_RETRY_POLICY, sleep },
      ),
    ).rejects.toMatchObject({ code: 'card_declined' });
    expect(calls).toBe(1);
  });
});
