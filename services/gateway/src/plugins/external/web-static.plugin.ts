import { existsSync } from 'node:fs';
import path from 'node:path';
import { isProductionLike } from '@app/config';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFoundEnvelope, sendEnvelope } from '../app/error-handler.plugin.ts';

// What a build holds. A client-side route may have a dot too ("/youtube/Fireship.io"): still a page.
const FILE_EXTENSIONS = new Set(
  'js mjs css map json txt xml html webmanifest ico png jpg jpeg gif svg webp avif woff woff2 ttf otf mp3 wasm'
    .split(' ')
    .map((ext) => `.${ext}`),
);

/**
 * The path a request names, as the router reads it: decoded, lower-cased, without the origin of an
 * absolute-form request line, the query, doubled slashes or dot segments. null when it does not decode.
 * Only used where no route matched (the fallback below), never to decide access.
 */
export function normalisedPath(url: string): string | null {
  const target = url.split(/[?#]/)[0] ?? '';
  // Absolute form ("http://host/api/…"): only the path counts. A leading "//" is a doubled slash here.
  const pathname = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  try {
    const decoded = decodeURIComponent(decodeURIComponent(pathname)).replaceAll('\\', '/');
    return path.posix.normalize(`/${decoded}`).toLowerCase();
  } catch {
    return null;
  }
}

const hasExtension = (pathname: string) =>
  pathname.startsWith('/assets/') || FILE_EXTENSIONS.has(path.extname(pathname).toLowerCase());
const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Serves web/dist when it was built, and answers unknown GET pages with index.html so the client-side
 * router can draw them. /api paths and missing files (anything with an extension) get the JSON 404.
 */
export default fp(
  async (app) => {
    const root = path.resolve(app.config.WEB_DIST_DIR);
    const hasWeb = existsSync(path.join(root, 'index.html'));
    // Source maps publish the app's source: a production site never serves them, even from a build
    // made with WEB_SOURCEMAP=true.
    const serveMaps = !isProductionLike(app.config);
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        allowedPath: (pathName) => serveMaps || !pathName.toLowerCase().endsWith('.map'),
        setHeaders: (reply, filePath) => {
          // Vite fingerprints everything under assets/; index.html must always be re-checked.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.info({ root }, 'web build not found; serving the API only');
    }
    app.setNotFoundHandler((request, reply) => {
      // No route matched, so only the path is left to go by: read it the way the router does, so an
      // encoded or cased "/api" still gets the API's JSON 404 rather than the app.
      const pathname = normalisedPath(request.url);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && pathname !== null && !isApiPath(pathname);
      if (hasWeb && isPage && !hasExtension(pathname)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendEnvelope(reply, notFoundEnvelope());
    });
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
