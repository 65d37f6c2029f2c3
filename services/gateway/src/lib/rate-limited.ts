import { AppError } from '@app/contracts';

type LimitCode = 'RATE_LIMITED' | 'TOO_MANY_PENDING_TASKS' | 'TOO_MANY_CONCURRENT_REQUESTS';

/**
 * A 429 that knows when to come back: the error handler sends `retryAfterSeconds` as Retry-After. Every
 * limit in the gateway answers with one of these (or @fastify/rate-limit's own, which sets the header too).
 */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: LimitCode, message: string, retryAfterSeconds: number) {
    super(code, message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** "45 seconds", "3 minutes", "2 hours": the wait in the message people read. */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/** The usual 429 RATE_LIMITED: "Too many attempts, please try again in …". */
export function tooManyAttempts(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(
    'RATE_LIMITED',
    `Too many attempts, please try again in ${waitText(retryAfterSeconds)}`,
    retryAfterSeconds,
  );
}
