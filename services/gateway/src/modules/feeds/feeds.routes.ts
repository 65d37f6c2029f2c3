import { FeedFileParamsSchema, FeedQuerySchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { limitOptions } from '../../lib/limits.ts';
import { mediaResponse, noBody } from '../../lib/openapi.ts';
import { sendFeed } from '../../lib/send-feed.ts';
import { notFoundEnvelope, sendEnvelope } from '../../plugins/app/error-handler.plugin.ts';

const FEED_DESCRIPTION =
  'RSS 2.0 (.rss), Atom 1.0 (.atom) or JSON Feed 1.1 (.json); at most 50 items, newest first';
/** The feed in the format its file name asks for; 304 to a reader whose copy is current. */
const FEED_RESPONSES = {
  200: mediaResponse('The feed', ['application/rss+xml', 'application/atom+xml', 'application/feed+json']),
  304: noBody("The reader's copy is current (If-None-Match, If-Modified-Since)"),
  ...errorResponses(404),
};
/** A feed route's schema: its file name in the path, its language in the query, and the answers above. */
const feedSchema = (summary: string) => ({
  tags: ['feeds'],
  summary: `${summary} ${FEED_DESCRIPTION}`,
  params: FeedFileParamsSchema,
  querystring: FeedQuerySchema,
  response: FEED_RESPONSES,
});

/**
 * Feeds out, outside /api: public topic feeds, and the favourites feed whose unguessable token in the
 * path is its only credential (so it gets no Bearer check, is private to caches and never indexed).
 */
const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readers poll; a scraper or a token guesser hammers: FEEDS_IP_RATE_LIMIT a minute per address and route.
  const rateLimit = limitOptions(app.config, 'feeds-ip');
  app.get(
    '/topics/:file',
    {
      schema: feedSchema(`A topic's feed: /feeds/topics/{slug}.{rss|atom|json}?lang=en|zh.`),
      config: { rateLimit },
    },
    async (request, reply) => {
      const feed = await app.services.feeds.topicFeed(request.params.file, request.query.lang);
      return sendFeed(request, reply, feed, 'public, max-age=300');
    },
  );

  app.get(
    '/:file',
    {
      schema: feedSchema(
        `The site's feeds: /feeds/summaries.{rss|atom|json}?lang=en|zh (every topic's stories) and /feeds/blog.{rss|atom|json}?lang=en|zh (the blog's posts).`,
      ),
      config: { rateLimit },
    },
    async (request, reply) => {
      const feed = await app.services.feeds.siteFeed(request.params.file, request.query.lang);
      // Any other name (a mistyped feed URL such as /feeds/podcasts.rss): the JSON 404 a reader can report.
      if (!feed) return sendEnvelope(reply, notFoundEnvelope());
      return sendFeed(request, reply, feed, 'public, max-age=300');
    },
  );

  app.get(
    '/favorites/:file',
    {
      schema: feedSchema(
        `A Pro user's favourites: /feeds/favorites/{token}.{rss|atom|json}?lang=en|zh (token from the profile page).`,
      ),
      config: { rateLimit },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      const feed = await app.services.feeds.favoritesFeed(request.params.file, request.query.lang);
      return sendFeed(request, reply, feed, 'private, max-age=300');
    },
  );

  // Any other /feeds path (/feeds/topics/a/b.rss): the JSON 404 a feed reader can report, never the
  // web app's page. The router decides it; the routes above are more specific.
  app.get('/*', { schema: { hide: true } }, (_request, reply) => sendEnvelope(reply, notFoundEnvelope()));
};

export default feedsRoutes;
