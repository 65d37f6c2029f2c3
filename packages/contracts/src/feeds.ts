import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';

// Feeds out (RSS 2.0, Atom 1.0, JSON Feed 1.1). The admin's OPML import and export: opml.ts.

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
/** The most items one feed carries, newest first. */
export const FEED_ITEM_LIMIT = 50;

export const FeedQuerySchema = z.object({ lang: UiLanguageSchema.default('en') });

/** A feed's file name: `{slug}.{rss|atom|json}` (a topic's), `summaries.{…}` or `blog.{…}` (the site's). */
export const FeedFileParamsSchema = z.object({ file: z.string().min(1).max(200) });

/** One source an item links to; a story that several sources report carries several. */
export type FeedLink = { title: string; url: string; source_name: string };
/**
 * One feed item: a story (a summary not yet clustered is a story of its own), linking every report;
 * or a blog post, which is its own page and names its author.
 */
export type FeedItem = {
  id: string;
  title: string;
  /** The summary's markdown (or the post's body) as sanitised HTML. */
  content_html: string;
  links: FeedLink[];
  published: Date;
  updated: Date;
  /** The item's own page (a blog post's); else the item links to its first source. */
  url?: string;
  /** Who wrote it, when no source names it (a blog post's author). */
  author?: string;
  /** A plain-text excerpt written for it (a post's); else one is cut from the content. */
  excerpt?: string;
};

/** The private favourites feed: only whether one exists is readable later (the token is kept hashed). */
export const FeedTokenStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type FeedTokenStatus = z.infer<typeof FeedTokenStatusSchema>;

/** Answer of creating (or regenerating) the private feed: the URLs are shown this once. */
export const FeedTokenCreatedSchema = z.object({
  active: z.literal(true),
  created_at: z.string(),
  urls: z.object({ rss: z.string(), atom: z.string(), json: z.string() }),
});
export type FeedTokenCreated = z.infer<typeof FeedTokenCreatedSchema>;
