import type { FeedFormat, FeedItem } from '@app/contracts';
import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import sanitizeHtml from 'sanitize-html';
import { FEED_SANITIZE } from './summary-html.ts';

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
  return sanitizeHtml(
    `${item.content_html}<p>${escapeHtml(sourcesLabel)}</p><ul>${links}</ul>`,
    FEED_SANITIZE,
  );
}

export type FeedMeta = {
  id: string;
  title: string;
  description: string;
  /** The page the feed mirrors. */
  homeUrl: string;
  /** This feed's own URL per format. */
  selfUrls: Record<FeedFormat, string>;
  language: 'en' | 'zh';
  updated: Date;
  sourcesLabel: string;
};

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * RSS 2.0 and Atom 1.0 through the `feed` library; JSON Feed 1.1 as its plain JSON object (the library
 * writes version 1). Titles are text, yet Atom declares them HTML and many RSS readers read them so:
 * they go out HTML-escaped, which every reader shows as the original text.
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
      language: meta.language === 'zh' ? 'zh-CN' : 'en',
      items: items.map((item) => ({
        id: item.id,
        url: item.links[0]?.url ?? meta.homeUrl,
        title: item.title,
        content_html: itemHtml(item, meta.sourcesLabel),
        date_published: item.published.toISOString(),
        date_modified: item.updated.toISOString(),
        ...(item.links.length > 0 ? { external_url: item.links[0]?.url } : {}),
      })),
    };
    return { contentType, body: JSON.stringify(body) };
  }
  const feed = new Feed({
    id: meta.id,
    title: meta.title,
    description: meta.description,
    link: meta.homeUrl,
    language: meta.language === 'zh' ? 'zh-CN' : 'en',
    updated: meta.updated,
    generator: false,
    feedLinks: { rss: meta.selfUrls.rss, atom: meta.selfUrls.atom, json: meta.selfUrls.json },
    copyright: '',
  });
  for (const item of items) {
    feed.addItem({
      // Atom wants an IRI as the entry id.
      id: `urn:uuid:${item.id}`,
      guid: item.id,
      title: escapeHtml(item.title),
      link: item.links[0]?.url ?? meta.homeUrl,
      date: item.updated,
      published: item.published,
      content: itemHtml(item, meta.sourcesLabel),
    });
  }
  return { contentType, body: format === 'rss' ? feed.rss2() : feed.atom1() };
}
