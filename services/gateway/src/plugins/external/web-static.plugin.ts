import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFoundEnvelope, sendEnvelope } from '../app/error-handler.plugin.ts';

// What a build holds. A client-side route may have a dot too ("/youtube/Fireship.io"): still a page.
const FILE_EXTENSIONS = new Set(
  'js mjs css map json txt xml html webmanifest ico png jpg jpeg gif svg webp avif woff woff2 ttf otf mp3 wasm'
    .split(' ')
    .map((ext) => `.${ext}`),
);
const hasExtension = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || FILE_EXTENSIONS.has(path.extname(pathname).toLowerCase());
};

/**
 * Serves web/dist when it was built, and answers unknown GET pages with index.html so the client-side
 * router can draw them. /api paths and missing files (anything with an extension) get the JSON 404.
 */
export default fp(
  async (app) => {
    const root = path.resolve(app.config.WEB_DIST_DIR);
    const hasWeb = existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
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
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      if (hasWeb && isPage && !hasExtension(request.url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendEnvelope(reply, notFoundEnvelope());
    });
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
