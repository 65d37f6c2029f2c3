import { WEB_PAGES } from '@app/contracts';
import { webPagePath } from '@app/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseSitemapFileName, renderSitemapIndex, renderUrlset } from '../../lib/sitemap.ts';
import { notFoundEnvelope, sendEnvelope } from '../../plugins/app/error-handler.plugin.ts';
import pagesRoutes from './pages.routes.ts';

/**
 * robots.txt: crawlers may read the public pages, not the API nor the account, admin, token-link and
 * debug screens (the pages the shared table does not index), in either language.
 */
export function robotsTxt(publicUrl: string): string {
  const hidden = Object.values(WEB_PAGES)
    .filter((page) => !page.index)
    .map((page) => page.path);
  // A rule covers the paths below it ('/auth' covers '/auth/reset').
  const rules = hidden.filter((path) => !hidden.some((other) => path.startsWith(`${other}/`)));
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...rules.flatMap((path) => [`Disallow: ${path}`, `Disallow: ${webPagePath(path, 'zh')}`]),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}

// Crawlers come back for these now and then; an hour is fresh enough and spares the database.
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/**
 * /robots.txt, /sitemap.xml (the index) and /sitemaps/{en|zh}[-n].xml (one language's pages each); every
 * other page path gets the web app's document with its head (pages.routes.ts).
 */
const webRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.PUBLIC_URL;
  const robots = robotsTxt(publicUrl);

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = await app.services.webPages.sitemapFiles();
    return reply.type(XML).header('cache-control', CACHE_CONTROL).send(renderSitemapIndex(publicUrl, files));
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const file = parseSitemapFileName(request.params.file);
      const entries = file && (await app.services.webPages.sitemapPage(file));
      if (!file || !entries) return sendEnvelope(reply, notFoundEnvelope());
      return reply
        .type(XML)
        .header('cache-control', CACHE_CONTROL)
        .send(renderUrlset(publicUrl, file.language, entries));
    },
  );

  await app.register(pagesRoutes);
};

export default webRoutes;
