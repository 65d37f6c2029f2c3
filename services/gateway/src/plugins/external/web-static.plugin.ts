import { existsSync } from 'node:fs';
import path from 'node:path';
import { isProductionLike } from '@app/config';
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
/** The home page in each language, as the router matched it (a trailing slash is the same page). */
const isHomePath = (pathname: string) => /^\/(zh)?\/?$/.test(pathname);

/**
 * Serves web/dist when it was built, and answers every other GET page with index.html (the `/*` route) so
 * the client-side router can draw it; a missing file (anything with an extension) gets the JSON 404. The
 * router decides which route answers: /api paths have their own catch-all (routes/api/not-found), which is
 * more specific than `/*`, and the files of the build are more specific still.
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
        globIgnore: ['assets/**', HOME_HTML, ...COMPRESSED_COPIES],
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
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        // The path the router matched (decoded), not the raw URL.
        const pathname = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
        if (hasExtension(pathname)) return sendEnvelope(reply, notFoundEnvelope());
        // The first instance's sendFile: no-cache, and precompressed like the files.
        const document = hasHome && isHomePath(pathname) ? HOME_HTML : 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(document);
      });
    } else {
      app.log.info({ root }, 'web build not found; serving the API only');
    }
    // Whatever no route matched (other methods, or any path without a web build).
    app.setNotFoundHandler((_request, reply) => sendEnvelope(reply, notFoundEnvelope()));
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
