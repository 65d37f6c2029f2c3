import { existsSync } from 'node:fs';
import path from 'node:path';
import { isProductionLike } from '@app/config';
import { matchWebPage } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFoundEnvelope, sendEnvelope } from '../app/error-handler.plugin.ts';

// What a build holds (with its .br and .gz copies). A client-side route may have a dot too
// ("/youtube/Fireship.io"): still a page.
const FILE_EXTENSIONS = new Set(
  'js mjs css map json txt xml html webmanifest ico png jpg jpeg gif svg webp avif woff woff2 ttf otf mp3 wasm br gz'
    .split(' ')
    .map((ext) => `.${ext}`),
);

const hasExtension = (pathname: string) =>
  pathname.startsWith('/assets/') || FILE_EXTENSIONS.has(path.extname(pathname).toLowerCase());

/** Source maps publish the app's source: a production site never serves them, even from a build made
 * with WEB_SOURCEMAP=true. */
const mapsAllowed = (serveMaps: boolean) => (pathName: string) =>
  serveMaps || !pathName.toLowerCase().endsWith('.map');

/** The build's precompressed copies (web/vite-precompress.ts) are picked by Accept-Encoding, never asked for by name. */
const COMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/**
 * The home page's document (web/vite-first-paint.ts): index.html plus the script that draws the hero
 * before the app has arrived. Served on the home page's paths only; no other page downloads that script.
 */
const HOME_HTML = 'home.html';
/** Answered by the gateway itself (routes/web), never from the build. */
const GATEWAY_FILES = ['robots.txt', 'sitemap.xml'];

/** The path as the browser sent it, without the query: the web router reads it segment by segment. */
const pathOf = (rawUrl: string | undefined) => (rawUrl ?? '').split('?', 1)[0] ?? '';

/**
 * Serves web/dist when it was built, and answers every other GET page with index.html (the `/*` route) so
 * the client-side router can draw it; a missing file (anything with an extension) gets the JSON 404. The
 * router decides which route answers: /api paths have their own catch-all (routes/api/not-found), which is
 * more specific than `/*`, and the files of the build are more specific still.
 *
 * The document's status is the web app's: 200 for a page of the shared table (@app/contracts
 * web-pages.ts, held equal to the web router by its tests), 404 for a path no page matches and for a
 * blog post, topic or channel that does not exist, 410 for a blog post taken down (503 when the
 * lookup fails). The page is matched
 * on the path as sent, segment by segment, as the web router reads it (fastify's wildcard has decoded
 * '%2F' into a separator already); the app then draws its 404 screen for the same path.
 *
 * Caching follows the route that matched, not the URL's text: the files under assets/ are registered by
 * their own static instance, and Vite names them by their content's hash, so they never change (a year,
 * immutable); every other file, index.html and the SPA fallback must be revalidated (no-cache). Both
 * serve the brotli or gzip copy the build wrote beside a file when the browser accepts it (with
 * `Vary: Accept-Encoding`), and the file itself otherwise.
 */
export default fp(
  async (app) => {
    const root = path.resolve(app.config.WEB_DIST_DIR);
    const hasWeb = existsSync(path.join(root, 'index.html'));
    const hasHome = existsSync(path.join(root, HOME_HTML));
    const allowedPath = mapsAllowed(!isProductionLike(app.config));
    if (hasWeb) {
      // The build's top-level files (index.html, favicon, robots.txt…): always revalidated.
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // The pages, / included, are the `/*` route's (below): it picks the document.
        index: false,
        globIgnore: ['assets/**', HOME_HTML, ...GATEWAY_FILES, ...COMPRESSED_COPIES],
        preCompressed: true,
        allowedPath,
        setHeaders: (reply) => {
          reply.header('cache-control', 'no-cache');
        },
      });
      // The fingerprinted assets: cached for a year, never revalidated.
      const assets = path.join(root, 'assets');
      if (existsSync(assets)) {
        await app.register(fastifyStatic, {
          root: assets,
          prefix: '/assets/',
          decorateReply: false,
          wildcard: false,
          globIgnore: COMPRESSED_COPIES,
          preCompressed: true,
          allowedPath,
          maxAge: '365d',
          immutable: true,
        });
      }
      app.get('/*', { schema: { hide: true } }, async (request, reply) => {
        // The path the router matched (decoded), not the raw URL.
        const pathname = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
        if (hasExtension(pathname)) return sendEnvelope(reply, notFoundEnvelope());
        const page = matchWebPage(pathOf(request.raw.url));
        // A failed lookup still gets the app (which shows its own error), as a 503 crawlers come back for.
        const status = page
          ? await app.services.webPages.statusOf(page).catch((error: unknown) => {
              request.log.error({ err: error }, 'page lookup failed');
              return 503;
            })
          : 404;
        // The first instance's sendFile: no-cache, and precompressed like the files.
        const document = hasHome && status === 200 && page?.name === 'home' ? HOME_HTML : 'index.html';
        return reply.code(status).header('cache-control', 'no-cache').sendFile(document);
      });
    } else {
      app.log.info({ root }, 'web build not found; serving the API only');
    }
    // Whatever no route matched (other methods, or any path without a web build).
    app.setNotFoundHandler((_request, reply) => sendEnvelope(reply, notFoundEnvelope()));
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
