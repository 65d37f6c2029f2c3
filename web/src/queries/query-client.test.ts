import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries server and network errors up to 3 times', () => {
    const error = new ApiError(503, 'HTTP_503', 'down');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(true);
    expect(shouldRetryQuery(3, error)).toBe(false);
    expect(shouldRetryQuery(1, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
  });

  it('does not retry client errors except timeouts and rate limits', () => {
    expect(shouldRetryQuery(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(408, 'TIMEOUT', 'x'))).toBe(true);
  });
});
