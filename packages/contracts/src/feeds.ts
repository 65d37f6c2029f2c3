import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';

// Feeds out (RSS 2.0, Atom 1.0, JSON Feed 1.1). The admin's OPML import and export: opml.ts.

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
/** The most items one feed carries, newest first. */
export const FEED_ITEM_LIMIT = 50;

export const FeedQuerySchema = z.object({ lang: UiLanguageSchema.default('en') });

/** A topic feed's file name: `{slug}.{rss|atom|json}`. */
export const FeedFileParamsSchema = z.object({ file: z.string().min(1).max(200) });

/** One source an item links to; a story that several sources report carries several. */
export type FeedLink = { title: string; url: string; source_name: string };
/** One feed item: a story (a summary not yet clustered is a story of its own), linking every report. */
export type FeedItem = {
  id: string;
  title: string;
  /** The summary's markdown as sanitised HTML. */
  content_html: string;
  links: FeedLink[];
  published: Date;
  updated: Date;
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
