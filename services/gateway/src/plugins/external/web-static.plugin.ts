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

const hasExtension = (pathname: string) =>
  pathname.startsWith('/assets/') || FILE_EXTENSIONS.has(path.extname(pathname).toLowerCase());

/**
 * Serves web/dist when it was built, and answers every other GET page with index.html (the `/*` route) so
 * the client-side router can draw it; a missing file (anything with an extension) gets the JSON 404. The
 * router decides which route answers: /api paths have their own catch-all (routes/api/not-found), which is
 * more specific than `/*`, and the files of the build are more specific still.
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
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        // The path the router matched (decoded), not the raw URL.
        const pathname = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
        if (hasExtension(pathname)) return sendEnvelope(reply, notFoundEnvelope());
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    } else {
      app.log.info({ root }, 'web build not found; serving the API only');
    }
    // Whatever no route matched (other methods, or any path without a web build).
    app.setNotFoundHandler((_request, reply) => sendEnvelope(reply, notFoundEnvelope()));
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
