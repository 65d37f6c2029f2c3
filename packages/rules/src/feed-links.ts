import type { UiLanguage } from '@app/contracts';

// On its own, with no import of the contracts' values: every page of the web app names the site's
// feeds, and its shell carries this module (web/vite.config.ts) without the contracts' schemas.

/** A feed's formats: the file extension, the media type a <link> names, and the label a reader sees. */
export const FEED_FORMATS = [
  ['rss', 'application/rss+xml', 'RSS'],
  ['atom', 'application/atom+xml', 'Atom'],
  ['json', 'application/feed+json', 'JSON Feed'],
] as const;

/** A feed's link in a page's head: <link rel="alternate" type title href>. */
export type FeedLink = { title: string; href: string; type: string };

/** The path (no extension) of a topic's feed. */
export const topicFeedPath = (slug: string) => `/feeds/topics/${encodeURIComponent(slug)}`;

/**
 * A feed's links in every format, in the reader's language: `path` is the feed's without extension
 * (`/feeds/blog`, `topicFeedPath(slug)`), `title` its name as the reader sees it.
 */
export function feedLinks(path: string, title: string, language: UiLanguage): FeedLink[] {
  return FEED_FORMATS.map(([format, type, label]) => ({
    title: `${title} (${label})`,
    href: `${path}.${format}?lang=${language}`,
    type,
  }));
}
