import type { FeedFormat, FeedItem } from '@app/contracts';
import escapeHtml from 'escape-html';
import { htmlToText } from '@app/sanitize';
import { Feed } from 'feed';
import { sanitizeFeedHtml } from './summary-html.ts';

/** The item body: the summary, then a link to every source it reports. */
export function itemHtml(item: FeedItem, sourcesLabel: string): string {
  if (item.links.length === 0) return item.content_html;
  const links = item.links
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a> (${escapeHtml(link.source_name)})</li>`,
    )
    .join('');
  // Sanitised again: the link URLs come from feeds too.
  return sanitizeFeedHtml(`${item.content_html}<p>${escapeHtml(sourcesLabel)}</p><ul>${links}</ul>`);
}

/** How long an item's plain-text excerpt (RSS `description`, Atom `summary`, JSON `summary`) may be. */
const EXCERPT_LENGTH = 280;

/** The summary as plain text, cut at a word (or, for Chinese, anywhere) near EXCERPT_LENGTH characters. */
export function itemExcerpt(item: FeedItem): string {
  if (item.excerpt?.trim()) return item.excerpt.trim();
  // Paragraphs, list items and cells end in a break, so they do not run into each other.
  const text = htmlToText(item.content_html).replace(/\s+/g, ' ');
  if (!text) return item.title;
  const chars = Array.from(text);
  if (chars.length <= EXCERPT_LENGTH) return text;
  const cut = chars.slice(0, EXCERPT_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The names of the sources an item reports, each once, or its author: the entry's authors. */
export function itemAuthors(item: FeedItem): string[] {
  if (item.author?.trim()) return [item.author.trim()];
  return [...new Set(item.links.map((link) => link.source_name).filter((name) => name.trim()))];
}

/** The page an item opens: its own, else its first source, else the feed's page. */
const itemUrl = (item: FeedItem, meta: FeedMeta) => item.url ?? item.links[0]?.url ?? meta.homeUrl;

export type FeedMeta = {
  id: string;
  title: string;
  description: string;
  /** The page the feed mirrors. */
  homeUrl: string;
  /** This feed's own URL per format. */
  selfUrls: Record<FeedFormat, string>;
  language: 'en' | 'zh';
  /** The feed's author, for the entries that name no source (Atom wants one for every entry). */
  author: string;
  updated: Date;
  sourcesLabel: string;
};

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** The language tag each format carries (RSS `<language>`, Atom `xml:lang`, JSON `language`). */
const languageTag = (language: FeedMeta['language']) => (language === 'zh' ? 'zh-CN' : 'en');

/**
 * RSS 2.0 and Atom 1.0 through the `feed` library; JSON Feed 1.1 as its plain JSON object (the library
 * writes version 1). Titles are text, yet Atom declares them HTML and many RSS readers read them so:
 * they go out HTML-escaped, which every reader shows as the original text; so does the plain-text
 * excerpt. What the W3C feed validator asks beyond the library: every Atom entry has an author (the
 * sources it reports, else the feed's), the Atom feed its `xml:lang`, every RSS item a `description`
 * before `content:encoded`, and RSS names sources with `dc:creator` (RSS `author` must be an email).
 */
export function renderFeed(format: FeedFormat, meta: FeedMeta, items: FeedItem[]) {
  const contentType = CONTENT_TYPES[format];
  if (format === 'json') {
    const body = {
      version: 'https://jsonfeed.org/version/1.1',
      title: meta.title,
      home_page_url: meta.homeUrl,
      feed_url: meta.selfUrls.json,
      description: meta.description,
      language: languageTag(meta.language),
      authors: [{ name: meta.author }],
      items: items.map((item) => ({
        id: item.id,
        url: itemUrl(item, meta),
        title: item.title,
        content_html: itemHtml(item, meta.sourcesLabel),
        summary: itemExcerpt(item),
        ...(itemAuthors(item).length > 0 ? { authors: itemAuthors(item).map((name) => ({ name })) } : {}),
        date_published: item.published.toISOString(),
        date_modified: item.updated.toISOString(),
        ...(!item.url && item.links.length > 0 ? { external_url: item.links[0]?.url } : {}),
      })),
    };
    return { contentType, body: JSON.stringify(body) };
  }
  const feed = new Feed({
    id: meta.id,
    title: meta.title,
    description: meta.description,
    link: meta.homeUrl,
    language: languageTag(meta.language),
    updated: meta.updated,
    author: { name: meta.author },
    generator: false,
    feedLinks: { rss: meta.selfUrls.rss, atom: meta.selfUrls.atom, json: meta.selfUrls.json },
    copyright: '',
  });
  for (const item of items) {
    const authors = itemAuthors(item);
    feed.addItem({
      // Atom wants an IRI as the entry id.
      id: `urn:uuid:${item.id}`,
      guid: item.id,
      title: escapeHtml(item.title),
      link: itemUrl(item, meta),
      date: item.updated,
      published: item.published,
      description: escapeHtml(itemExcerpt(item)),
      content: itemHtml(item, meta.sourcesLabel),
      ...(format === 'atom' && authors.length > 0 ? { author: authors.map((name) => ({ name })) } : {}),
      // xml-js (under the library) writes an array as repeated elements: one dc:creator per source.
      ...(format === 'rss' && authors.length > 0
        ? {
            extensions: [
              {
                name: 'dc:creator',
                objects: authors.map((name) => ({ _text: name })) as unknown as Record<string, unknown>,
              },
            ],
          }
        : {}),
    });
  }
  if (format === 'rss') return { contentType, body: feed.rss2() };
  // The library writes no xml:lang: the root element gets it, so every text in the feed has a language.
  const atom = feed.atom1();
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">';
  if (!atom.includes(root)) throw new Error('Unexpected Atom root element from the feed library');
  return {
    contentType,
    body: atom.replace(
      root,
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${languageTag(meta.language)}">`,
    ),
  };
}
