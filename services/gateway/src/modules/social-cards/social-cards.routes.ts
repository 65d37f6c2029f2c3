import { AppError, SocialCardQuerySchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { limitOptions } from '../../lib/limits.ts';
import { mediaResponse, noBody } from '../../lib/openapi.ts';
import { isFresh } from '../../lib/send-feed.ts';

/** A version in the URL never changes its picture: caches keep it a year. Without one, a day. */
const CACHE_VERSIONED = 'public, max-age=31536000, immutable';
const CACHE_UNVERSIONED = 'public, max-age=86400';

/**
 * /api/social-cards: the picture link previews show for a public page (its og:image and
 * twitter:image), 1200×630 PNG, or WebP for a page that shows it as its picture. The page is read from the query and matched as the pages route
 * matches paths: a page that is not public, or does not exist, has no card (404).
 */
const socialCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = app.services.socialCards;
  app.get(
    '/card.png',
    {
      config: { access: 'public', rateLimit: limitOptions(app.config, 'social-cards-ip') },
      schema: {
        tags: ['web'],
        summary:
          "A public page's social card (1200×630 PNG, or WebP with format=webp): ?page=/zh/blog/hello&v=<version from its head>",
        querystring: SocialCardQuerySchema,
        response: {
          200: mediaResponse('The card', ['image/png', 'image/webp'], 'binary'),
          304: noBody("The client's copy is current (If-None-Match)"),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const card = await cards.cardOf(request.query.page);
      if (!card) throw new AppError('NOT_FOUND', 'No public page has this address');
      const { format } = request.query;
      const etag = `"${card.version}-${format}"`;
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', request.query.v === card.version ? CACHE_VERSIONED : CACHE_UNVERSIONED)
        .header('etag', etag);
      if (isFresh(request.headers, { etag })) return reply.status(304).send();
      return reply.type(`image/${format}`).send(await card.image(format));
    },
  );
};

export default socialCardsRoutes;
