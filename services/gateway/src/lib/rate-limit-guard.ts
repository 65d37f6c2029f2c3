import { AppError } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** A bucket of @fastify/rate-limit checked by hand (several per route): 429 RATE_LIMITED with Retry-After. */
export async function enforceRateLimit(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const limit = await limiter(request);
  if (limit.isAllowed || !limit.isExceeded) return;
  reply.header('retry-after', limit.ttlInSeconds);
  throw new AppError(
    'RATE_LIMITED',
    `Too many requests, please try again in ${waitText(limit.ttlInSeconds)}`,
  );
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
