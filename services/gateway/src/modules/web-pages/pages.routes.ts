import path from 'node:path';
import type { UiLanguage, WebPageName } from '@app/contracts';
import { matchWebPage } from '@app/rules';
import type { FastifyPluginAsync } from 'fastify';
import { withPageBody } from '../../lib/page-body.ts';
import { pageDocument } from '../../lib/page-document.ts';
import { dataPreloads } from '../../lib/page-preloads.ts';
import { notFoundEnvelope, sendEnvelope } from '../../plugins/app/error-handler.plugin.ts';
import type { FirstPaintDocument } from '../../plugins/external/web-static.plugin.ts';

// What a build holds (with its .br and .gz copies). A client-side route may have a dot too
// ("/youtube/Fireship.io"): still a page.
const FILE_EXTENSIONS = new Set(
  'js mjs css map json txt xml html webmanifest ico png jpg jpeg gif svg webp avif woff woff2 ttf otf mp3 wasm br gz'
    .split(' ')
    .map((ext) => `.${ext}`),
);

const hasExtension = (pathname: string) =>
  pathname.startsWith('/assets/') || FILE_EXTENSIONS.has(path.extname(pathname).toLowerCase());

/** The query as the browser sent it ('' when there is none). */
const queryOf = (rawUrl: string | undefined) => {
  const at = (rawUrl ?? '').indexOf('?');
  return at < 0 ? '' : (rawUrl ?? '').slice(at + 1);
};

/** The path as the browser sent it, without the query: the web router reads it segment by segment. */
const pathOf = (rawUrl: string | undefined) => (rawUrl ?? '').split('?', 1)[0] ?? '';

/**
 * The pages whose document carries a first-paint script, drawn before the app's code has arrived: the
 * home page's hero (web/src/first-paint.ts), the summaries page's first cards and a blog post's title
 * and cover (web/src/first-paint-reading.ts).
 */
const FIRST_PAINT_PAGES: Partial<Record<WebPageName, FirstPaintDocument>> = {
  home: 'home',
  contentSummary: 'reading',
  blogPost: 'reading',
};

/** The language of a path no page matches, as the web app picks it for its 404 screen. */
const languageOfPath = (pathname: string): UiLanguage => (/^\/zh(?:\/|$)/.test(pathname) ? 'zh' : 'en');

/**
 * Every GET path that is not a file, an /api or a feed path: the web build's document, with the page's
 * status, head (lib/page-head.ts) and reading view (lib/page-body.ts), for the client-side router to
 * draw the page in. A missing file (anything with an extension) gets the JSON 404.
 *
 * The status is the web app's: 200 for a page of the shared table (@app/contracts web-pages.ts, held
 * equal to the web router by its tests), 404 for a path no page matches and for a blog post, topic,
 * channel or story that does not exist, 410 for a blog post taken down and a story a visitor can no
 * longer read (web-pages.service.ts), 503 when the lookup fails (the app still
 * comes and shows its own error; crawlers come back). The page is matched on the path as sent, segment
 * by segment, as the web router reads it (fastify's wildcard has decoded '%2F' into a separator
 * already); the app then draws its 404 screen for the same path.
 *
 * Registered after the compression plugin: the documents go brotli or gzip as the browser accepts.
 */
const pagesRoutes: FastifyPluginAsync = async (app) => {
  const documents = app.webDocuments;
  if (!documents) return;
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // The path the router matched (decoded), not the raw URL.
    const pathname = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    if (hasExtension(pathname)) return sendEnvelope(reply, notFoundEnvelope());
    const sent = pathOf(request.raw.url);
    const page = matchWebPage(sent);
    let status: number;
    let html: string;
    try {
      const document = await app.services.pageDocuments.documentOf(
        page,
        page?.language ?? languageOfPath(sent),
      );
      status = document.status;
      const firstPaint = status === 200 && page ? FIRST_PAINT_PAGES[page.name] : undefined;
      const template = firstPaint ? documents.firstPaint[firstPaint] : documents.index;
      // The page's own scripts download beside the entry (a page that is not one is only the 404 screen).
      const scripts = status === 200 && page ? (documents.preloads[page.name] ?? []) : [];
      const head = {
        ...document.head,
        links: [
          ...document.head.links,
          ...scripts.map((href) => ({ rel: 'modulepreload' as const, href, crossorigin: '' as const })),
          ...(status === 200
            ? dataPreloads(page, { query: queryOf(request.raw.url), cookies: request.cookies })
            : []),
        ],
      };
      html = documents.withHead ? withPageBody(pageDocument(template, head), document.body) : template;
    } catch (error) {
      // The app's own document without the page's head: it still draws the page, or its error.
      request.log.error({ err: error }, 'page lookup failed');
      status = page ? 503 : 404;
      html = documents.index;
    }
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};

export default pagesRoutes;
