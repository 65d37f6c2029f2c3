import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isProductionLike } from '@app/config';
import type { FastifyBaseLogger } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { checkTemplate } from '../../lib/page-document.ts';
import { notFoundEnvelope, sendEnvelope } from '../app/error-handler.plugin.ts';

/** Source maps publish the app's source: a production site never serves them, even from a build made
 * with WEB_SOURCEMAP=true. */
const mapsAllowed = (serveMaps: boolean) => (pathName: string) =>
  serveMaps || !pathName.toLowerCase().endsWith('.map');

/** The build's precompressed copies (web/vite-precompress.ts) are picked by Accept-Encoding, never asked for by name. */
const COMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/**
 * The first-paint documents (web/vite-first-paint.ts): index.html plus the script that draws the home
 * page's hero (home.html), or the summaries page's first cards and a blog post's title and cover
 * (reading.html), before the app has arrived. Served on those pages only
 * (modules/web-pages/pages.routes.ts); no other page downloads those scripts.
 */
const FIRST_PAINT_DOCUMENTS = { home: 'home.html', reading: 'reading.html' } as const;
export type FirstPaintDocument = keyof typeof FIRST_PAINT_DOCUMENTS;
/** Answered by the gateway itself (modules/web-pages), never from the build. */
const GATEWAY_FILES = ['robots.txt', 'sitemap.xml'];
/**
 * Per public page, the scripts its first screen needs beyond the entry (web/vite-page-preloads.ts):
 * read here, listed in the page's document, never served.
 */
const PAGE_PRELOADS = 'page-preloads.json';
const PagePreloadsSchema = z.record(
  z.string(),
  z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)).max(100),
);

/**
 * The build's documents, which the pages' route (modules/web-pages/pages.routes.ts) serves with each page's
 * head: index.html, and home.html and reading.html for the first-paint pages (index.html where the build
 * has none). `withHead` is false when a document lacks a tag the head replaces: the documents then go as
 * built (logged at start-up).
 */
export type WebDocuments = {
  index: string;
  firstPaint: Record<FirstPaintDocument, string>;
  withHead: boolean;
  /** Page name (@app/contracts WEB_PAGES) → the scripts its document preloads. */
  preloads: Record<string, string[]>;
};

/** The build's page-preloads.json; none when it is missing or malformed (logged: pages still work). */
function loadPreloads(root: string, log: FastifyBaseLogger): Record<string, string[]> {
  const file = path.join(root, PAGE_PRELOADS);
  if (!existsSync(file)) return {};
  try {
    return PagePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    log.error({ err: error, file }, "the web build's page preloads cannot be read; pages go without them");
    return {};
  }
}

function loadDocuments(root: string, log: FastifyBaseLogger): WebDocuments {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const index = read('index.html');
  const firstPaint = {} as Record<FirstPaintDocument, string>;
  for (const [name, file] of Object.entries(FIRST_PAINT_DOCUMENTS) as [FirstPaintDocument, string][]) {
    firstPaint[name] = existsSync(path.join(root, file)) ? read(file) : index;
  }
  try {
    for (const template of [index, ...Object.values(firstPaint)]) checkTemplate(template);
    return { index, firstPaint, withHead: true, preloads: loadPreloads(root, log) };
  } catch (error) {
    log.error({ err: error, root }, "the web build's documents cannot take a page's head; served as built");
    return { index, firstPaint, withHead: false, preloads: {} };
  }
}

/**
 * Serves web/dist when it was built, and loads its documents (`app.webDocuments`) for the pages' route
 * (modules/web-pages/pages.routes.ts), which answers every other GET path with the document and the page's
 * head. The router decides which route answers: /api paths have their own catch-all
 * (modules/not-found), which is more specific than the pages' `/*`, and the files of the build are
 * more specific still.
 *
 * Caching follows the route that matched, not the URL's text: the files under assets/ are registered by
 * their own static instance, and Vite names them by their content's hash, so they never change (a year,
 * immutable); every other file must be revalidated (no-cache), as the pages' documents are. Both
 * serve the brotli or gzip copy the build wrote beside a file when the browser accepts it (with
 * `Vary: Accept-Encoding`), and the file itself otherwise.
 */
export default fp(
  async (app) => {
    const root = path.resolve(app.config.WEB_DIST_DIR);
    const hasWeb = existsSync(path.join(root, 'index.html'));
    const allowedPath = mapsAllowed(!isProductionLike(app.config));
    if (hasWeb) {
      // The build's top-level files (index.html, favicon, robots.txt…): always revalidated.
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // The pages, / included, are the `/*` route's (below): it picks the document.
        index: false,
        globIgnore: [
          'assets/**',
          ...Object.values(FIRST_PAINT_DOCUMENTS),
          PAGE_PRELOADS,
          ...GATEWAY_FILES,
          ...COMPRESSED_COPIES,
        ],
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
      app.decorate('webDocuments', loadDocuments(root, app.log));
    } else {
      app.decorate('webDocuments', null);
      app.log.info({ root }, 'web build not found; serving the API only');
    }
    // Whatever no route matched (other methods, or any path without a web build).
    app.setNotFoundHandler((_request, reply) => sendEnvelope(reply, notFoundEnvelope()));
  },
  { name: 'web-static', dependencies: ['error-handler'] },
);
