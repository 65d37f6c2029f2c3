import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** A rendered feed (or any document) and the validators a conditional GET compares. */
export type ConditionalBody = {
  etag: string;
  lastModified: Date;
  render(): { contentType: string; body: string | Buffer };
};

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
  if (fresh(request.headers, { etag, 'last-modified': lastModified })) return reply.status(304).send();
  const { contentType, body } = feed.render();
  return reply.type(contentType).send(body);
}
