import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@app/contracts';
import { isAutoRetryable } from '@app/rules';

/** Delay before retry number `retry` (1-based): base × 2^(retry-1), capped. */
export function retryDelayMs(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
}

export type RetryOptions = {
  policy?: RetryPolicy;
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (error: unknown, retry: number, delayMs: number) => void;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` and retries it per the policy while the error is retryable; rethrows the last one. */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
) {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const shouldRetry = options.shouldRetry ?? isAutoRetryable;
  const sleep = options.sleep ?? defaultSleep;
  for (let retry = 0; ; retry++) {
    try {
      return (await attempt(retry + 1)) as T;
    } catch (error) {
      if (retry >= policy.maxRetries || !shouldRetry(error)) throw error;
      const delay = retryDelayMs(retry + 1, policy);
      options.onRetry?.(error, retry + 1, delay);
      await sleep(delay);
    }
  }
}
