import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyAttempts } from './rate-limited.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** A bucket of @fastify/rate-limit checked by hand (several per route): 429 RATE_LIMITED with Retry-After. */
export async function enforceRateLimit(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const limit = await limiter(request);
  if (limit.isAllowed || !limit.isExceeded) return;
  throw tooManyAttempts(limit.ttlInSeconds);
}
