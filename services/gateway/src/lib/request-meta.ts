import type { FastifyRequest } from 'fastify';

/** The caller's address and browser, stored with each refresh session for the user's own review. */
export type RequestMeta = { ip: string | null; userAgent: string | null; requestId: string };

export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, requestId: request.id };
}
