import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../modules/context.ts';

export function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, requestId: request.id };
}
