import type { CrawlErrorClassId } from '@app/contracts';

/** The classes a failed crawl is recorded under (datasources.last_error_class); the admin screens describe each. */
export type CrawlErrorClass = CrawlErrorClassId;

/** An expected failure of a source: recorded in its health, never retried by the queue. */
export class CrawlError extends Error {
  readonly errorClass: CrawlErrorClass;
  /** Seconds from a Retry-After header (429/503). */
  readonly retryAfterSeconds?: number;
  constructor(
    errorClass: CrawlErrorClass,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'CrawlError';
    this.errorClass = errorClass;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isCrawlError(error: unknown): error is CrawlError {
  return error instanceof CrawlError;
}
