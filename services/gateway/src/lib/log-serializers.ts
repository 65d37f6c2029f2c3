import type { FastifyRequest } from 'fastify';

// One-time secrets that travel in query strings (email links, OAuth callbacks, demo checkout
// sessions) never reach the logs.
const SECRET_PARAMS = ['token', 'code', 'state', 'session', 'demo_checkout'];

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, query)}?${params.toString()}`;
}

/** fastify's request serializer, minus the secrets above. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    userAgent: request.headers?.['user-agent'],
  };
}
