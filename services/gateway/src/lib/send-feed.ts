import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** A rendered feed (or any document) and the validators a conditional GET compares. */
export type ConditionalBody = {
  etag: string;
  lastModified: Date;
  render(): { contentType: string; body: string | Buffer };
};

/**
 * Whether the client's copy is current (If-None-Match, weak forms included, else If-Modified-Since: the
 * `fresh` rules). `fresh` is written for caches and answers "stale" to any `Cache-Control: no-cache`,
 * which a browser's `fetch()` adds to every conditional request it makes itself; an origin server
 * evaluates the preconditions whatever the request's cache directives say (RFC 9110 §13.2.1), so they
 * are left out of the comparison.
 */
export function isFresh(
  headers: FastifyRequest['headers'],
  validators: { etag?: string; 'last-modified'?: string },
): boolean {
  const { 'cache-control': _cacheControl, ...preconditions } = headers;
  return fresh(preconditions, validators);
}

/**
 * Validators on every answer; 304 when the reader's copy is current (If-None-Match, weak forms
 * included, else If-Modified-Since: the `fresh` rules). The caching header is the route's own.
 */
export function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: ConditionalBody,
  cacheControl: string,
) {
  const etag = feed.etag;
  const lastModified = feed.lastModified.toUTCString();
  reply.header('cache-control', cacheControl).header('etag', etag).header('last-modified', lastModified);
  reply.header('vary', 'Accept-Encoding');
  if (isFresh(request.headers, { etag, 'last-modified': lastModified })) return reply.status(304).send();
  const { contentType, body } = feed.render();
  return reply.type(contentType).send(body);
}
