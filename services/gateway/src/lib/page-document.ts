import escapeHtml from 'escape-html';

/**
 * A `<link>` of the head: a language's version of the page (hreflang), one of its feeds, or the
 * picture the page opens with, fetched with the document's first bytes (preload).
 */
export type HeadLink = {
  rel: 'alternate' | 'canonical' | 'preload' | 'modulepreload';
  href: string;
  hreflang?: string;
  type?: string;
  title?: string;
  as?: 'image' | 'fetch';
  fetchpriority?: 'high';
  /**
   * A preload is used by the app's own request only when their credentials modes match: the app's
   * fetches send cookies (use-credentials), its module scripts do not ('' is anonymous, as Vite writes).
   */
  crossorigin?: 'use-credentials' | '';
};
/** A `<meta>` of the head: Open Graph's are `property`, the others `name`. */
export type HeadMeta = { property: string; content: string } | { name: string; content: string };

/** What the served HTML says about its page before any script runs (see pageHead in page-head.ts). */
export type PageHead = {
  /** `<html lang>`: `en` or `zh-CN`. */
  lang: string;
  title: string;
  description: string;
  links: HeadLink[];
  meta: HeadMeta[];
  /** Structured data (schema.org), one `<script type="application/ld+json">` each. */
  jsonLd: Record<string, unknown>[];
};

/**
 * Marks the tags the server wrote, so the web app can tell them from its own: they describe the page
 * the document was served for, and the app drops them once the reader has moved to another page.
 */
export const SERVER_HEAD_ATTRIBUTE = 'data-page-head';

const HTML_LANG = /<html lang="[^"]*">/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /\s*<meta name="description" content="[^"]*" \/>/;

/** Throws unless the build's document has the tags a page's head replaces (checked once, at start-up). */
export function checkTemplate(template: string): void {
  for (const [name, pattern] of [
    ['<html lang>', HTML_LANG],
    ['<title>', TITLE],
    ['<meta name="description">', DESCRIPTION],
    ['</head>', /<\/head>/],
  ] as const)
    if (!pattern.test(template)) throw new Error(`the web build's document has no ${name}`);
}

const attributes = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

/**
 * JSON inside a script element: `<`, `>` and `&` as escapes, so no string of a post or topic can close
 * the element or open a comment; U+2028/U+2029 too, for old parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head's tags for the page, every value escaped. */
export function renderHeadTags(head: PageHead): string {
  const mark = ` ${SERVER_HEAD_ATTRIBUTE}`;
  const lines = [
    `<meta name="description" content="${escapeHtml(head.description)}"${mark} />`,
    ...head.links.map((link) => `<link${attributes(link)}${mark} />`),
    ...head.meta.map((meta) => `<meta${attributes(meta)}${mark} />`),
    ...head.jsonLd.map((data) => `<script type="application/ld+json"${mark}>${scriptJson(data)}</script>`),
  ];
  return lines.map((line) => `    ${line}\n`).join('');
}

/** The build's document (index.html or a first-paint one) with the page's language, title and head tags. */
export function pageDocument(template: string, head: PageHead): string {
  return template
    .replace(HTML_LANG, `<html lang="${escapeHtml(head.lang)}">`)
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, '')
    .replace('</head>', () => `${renderHeadTags(head)}  </head>`);
}
