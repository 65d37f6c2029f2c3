import type { UiLanguage } from '@app/contracts';
import { toHtmlLang, webPagePath } from '@app/rules';
import escapeHtml from 'escape-html';

/** The protocol's limit of URLs in one sitemap file (sitemaps.org); past it a language gets more files. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** One page of the site in one language, and the same page in the other languages. */
export type SitemapEntry = {
  /** The page's path without the language prefix, its segments percent-encoded. */
  path: string;
  lastmod?: Date | null;
  /** The languages the page exists in (its own included); two or more give hreflang links. */
  languages: readonly UiLanguage[];
};

export type SitemapFile = { language: UiLanguage; page: number };

/** en.xml for a language's first file, en-2.xml, en-3.xml… for the next ones. */
export function sitemapFileName({ language, page }: SitemapFile): string {
  return page === 1 ? `${language}.xml` : `${language}-${page}.xml`;
}

/** The file a name stands for, or null: only the names sitemapFileName makes (no en-1.xml, no en-02.xml). */
export function parseSitemapFileName(name: string): SitemapFile | null {
  const match = /^(en|zh)(?:-([2-9]|[1-9]\d{1,5}))?\.xml$/.exec(name);
  if (!match) return null;
  return { language: match[1] as UiLanguage, page: match[2] ? Number(match[2]) : 1 };
}

export function sitemapPageCount(entries: number, pageSize = SITEMAP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(entries / pageSize));
}

/** The entries of file `page` (from 1), or null past the last file. A language's first file always exists. */
export function sitemapPage<T>(
  entries: readonly T[],
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): T[] | null {
  if (page < 1 || page > sitemapPageCount(entries.length, pageSize)) return null;
  return entries.slice((page - 1) * pageSize, page * pageSize);
}

/** The newest of some times (null when none): a page's lastmod from the rows it shows. */
export function newest(...times: (Date | null | undefined)[]): Date | null {
  let found: Date | null = null;
  for (const time of times) if (time && (!found || time > found)) found = time;
  return found;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

const absolute = (publicUrl: string, path: string, language: UiLanguage) =>
  escapeHtml(`${publicUrl}${webPagePath(path, language)}`);
const lastmodElement = (time: Date | null | undefined) =>
  time ? `<lastmod>${time.toISOString()}</lastmod>` : '';

/**
 * A urlset of one language's pages. A page that exists in several languages names each one, itself
 * included, with an xhtml:link alternate (and English as x-default), as search engines ask.
 */
export function renderUrlset(
  publicUrl: string,
  language: UiLanguage,
  entries: readonly SitemapEntry[],
): string {
  const urls = entries.map((entry) => {
    const links =
      entry.languages.length < 2
        ? ''
        : [
            ...entry.languages.map(
              (other) =>
                `<xhtml:link rel="alternate" hreflang="${toHtmlLang(other)}" href="${absolute(publicUrl, entry.path, other)}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${absolute(publicUrl, entry.path, 'en')}"/>`,
          ].join('');
    return `<url><loc>${absolute(publicUrl, entry.path, language)}</loc>${lastmodElement(entry.lastmod)}${links}</url>`;
  });
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap index: every language's files, each with the newest lastmod of its pages. */
export function renderSitemapIndex(
  publicUrl: string,
  files: readonly (SitemapFile & { lastmod: Date | null })[],
): string {
  const items = files.map(
    (file) =>
      `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemaps/${sitemapFileName(file)}`)}</loc>${lastmodElement(file.lastmod)}</sitemap>`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}
