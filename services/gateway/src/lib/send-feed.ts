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
 * The ETag is weak: the answer goes as brotli, gzip or as it is (compress.plugin.ts), and a strong
 * ETag would claim those byte sequences are one (RFC 9110 §8.8.3); a weak one says they are the
 * same document, which they are, so a copy of either encoding stays current.
 */
export function sendFeed(
  request: FastifyRequest,
  reply: FastifyReply,
  feed: ConditionalBody,
  cacheControl: string,
) {
  const etag = feed.etag.startsWith('W/') ? feed.etag : `W/${feed.etag}`;
  const lastModified = feed.lastModified.toUTCString();
  reply.header('cache-control', cacheControl).header('etag', etag).header('last-modified', lastModified);
  reply.header('vary', 'Accept-Encoding');
  if (isFresh(request.headers, { etag, 'last-modified': lastModified })) return reply.status(304).send();
  const { contentType, body } = feed.render();
  return reply.type(contentType).send(body);
}
