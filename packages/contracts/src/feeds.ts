import { z } from 'zod';
import { DataLanguageSchema, UiLanguageSchema, UuidSchema } from './common.ts';

// Feeds out (RSS 2.0, Atom 1.0, JSON Feed 1.1) and the admin's OPML import and export.

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

// ── OPML ──

/** The largest OPML document accepted (characters). */
export const OPML_MAX_LENGTH = 512 * 1024;
/** The most feeds one OPML import takes (each one's host is looked up before anything is written). */
export const OPML_MAX_FEEDS = 2000;

export const OpmlImportBodySchema = z
  .object({
    opml: z.string().min(1).max(OPML_MAX_LENGTH),
    /** folders: each folder outline becomes (or joins, by name) a topic; topic: every feed goes to topic_id. */
    mode: z.enum(['folders', 'topic']),
    /** The target topic (mode topic), or where feeds outside any folder go (mode folders). */
    topic_id: UuidSchema.optional(),
    /** The datasources' language; each platform's default when absent. */
    language: DataLanguageSchema.optional(),
  })
  .refine((body) => body.mode !== 'topic' || !!body.topic_id, {
    path: ['topic_id'],
    message: 'Choose a topic',
  });
export type OpmlImportBody = z.infer<typeof OpmlImportBodySchema>;

export const OPML_ISSUES = [
  /** Not well-formed XML, not OPML, or a DOCTYPE (entities are never expanded). */
  'invalid_document',
  'missing_url',
  'invalid_url',
  'private_url',
  /** The topic already has a datasource with this platform and URL. */
  'duplicate',
  /** The same URL appears earlier in the file for the same topic. */
  'duplicate_in_file',
  /** A feed outside any folder while no topic was chosen for those. */
  'no_topic',
  /** The chosen topic does not exist or is inactive. */
  'topic_not_found',
  /** More than OPML_MAX_FEEDS feeds in the file (reported at the first one over). */
  'too_many_feeds',
] as const;
export type OpmlIssueReason = (typeof OPML_ISSUES)[number];

export const OpmlIssueSchema = z.object({
  /** 1-based line of the outline (or of the parse error) in the uploaded file. */
  line: z.number().int(),
  reason: z.enum(OPML_ISSUES),
  title: z.string().nullable(),
  url: z.string().nullable(),
});
export type OpmlIssue = z.infer<typeof OpmlIssueSchema>;

/** Either everything was imported (issues empty) or nothing was (imported false, every issue listed). */
export const OpmlImportResultSchema = z.object({
  imported: z.boolean(),
  datasources_created: z.number().int(),
  topics_created: z.array(z.object({ id: z.string(), name: z.string() })),
  issues: z.array(OpmlIssueSchema),
});
export type OpmlImportResult = z.infer<typeof OpmlImportResultSchema>;
