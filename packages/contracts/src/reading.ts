import { z } from 'zod';
import { PlatformSchema, UiLanguageSchema, UuidSchema } from './common.ts';
import { DEFAULT_TIME_ZONE, DateParamSchema, ZoneNameSchema } from './content.ts';

/**
 * A reader's own front page: what they follow (topics and sources, for "My feed" and the digest)
 * and what they have read. Every signed-in reader has both; visitors are sent to sign in.
 */

export const READING_MESSAGES = {
  followOne: 'Give a topic_id or a datasource_id, not both',
  topicGone: 'This topic no longer exists',
  sourceGone: 'This source no longer exists',
  signInToFollow: 'Sign in to follow topics and sources',
  signInForReadState: 'Sign in to keep track of what you have read',
} as const;

/** One topic or one datasource: `{topic_id}` or `{datasource_id}`. */
export const FollowBodySchema = z
  .object({ topic_id: UuidSchema.optional(), datasource_id: UuidSchema.optional() })
  .strict()
  .refine((body) => (body.topic_id === undefined) !== (body.datasource_id === undefined), {
    message: READING_MESSAGES.followOne,
  });
export type FollowBody = z.infer<typeof FollowBodySchema>;

export const FollowsResponseSchema = z.object({
  /** Newest first. */
  topics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      name_zh: z.string().nullable(),
      slug: z.string(),
      followed_at: z.string(),
    }),
  ),
  datasources: z.array(
    z.object({
      id: z.string(),
      source_name: z.string(),
      platform: z.string(),
      topic_id: z.string().nullable(),
      followed_at: z.string(),
    }),
  ),
});
export type FollowsResponse = z.infer<typeof FollowsResponseSchema>;

/**
 * GET and PATCH /api/me/reading-settings: how the summary list keeps the reader's read state. A card
 * opened counts as read; with `mark_read_on_scroll`, so does one scrolled past (off the top of the
 * screen after it was seen).
 */
export const ReadingSettingsSchema = z.strictObject({ mark_read_on_scroll: z.boolean() });
export type ReadingSettings = z.infer<typeof ReadingSettingsSchema>;

/** The most summaries one read-state request may name. */
export const READ_BATCH_MAX = 200;

export const ReadsBodySchema = z.object({
  summary_ids: z
    .array(UuidSchema)
    .min(1)
    .max(READ_BATCH_MAX)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type ReadsBody = z.infer<typeof ReadsBodySchema>;

export const ReadsResponseSchema = z.object({
  /** How many of the named summaries changed state (already read, or already unread: not counted). */
  changed: z.number().int(),
  /** Named summaries that do not exist (removed since the page was loaded): nothing was stored for them. */
  missing: z.array(z.string()),
});
export type ReadsResponse = z.infer<typeof ReadsResponseSchema>;

/** "Mark all as read" for the list's current filter (the same filters as GET /api/summaries). */
export const MarkAllReadBodySchema = z
  .object({
    language: UiLanguageSchema.default('en'),
    timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
    topic: UuidSchema.optional(),
    source: z.string().trim().min(1).max(200).optional(),
    platforms: z.array(PlatformSchema).max(20).optional(),
    date: DateParamSchema.optional(),
    date_from: DateParamSchema.optional(),
    date_to: DateParamSchema.optional(),
    /** Only what the reader follows (My feed). */
    followed: z.boolean().optional(),
    /** The list's search (at least SEARCH_MIN_LENGTH characters, as the list asks). */
    q: z.string().trim().min(1).max(200).optional(),
    /** Only the reader's favourite summaries, or those of their favourite sources (Pro, as the list). */
    favorites_only: z.boolean().optional(),
    favorite_sources_only: z.boolean().optional(),
  })
  .strict();
export type MarkAllReadBody = z.infer<typeof MarkAllReadBodySchema>;

export const MarkAllReadResponseSchema = z.object({ changed: z.number().int() });

/** Unread counts are of the summaries since the start of yesterday in the reader's time zone. */
export const UNREAD_COUNT_DAYS = 2;

export const UnreadCountsQuerySchema = z.object({
  language: UiLanguageSchema.default('en'),
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
});

export const UnreadCountsResponseSchema = z.object({
  date_from: z.string(),
  /** Every summary of the window. */
  total: z.number().int(),
  /** Of what the reader follows (My feed). */
  followed: z.number().int(),
  /** Per topic, topics with no unread summary left out. */
  topics: z.array(z.object({ topic_id: z.string(), unread: z.number().int() })),
});
export type UnreadCountsResponse = z.infer<typeof UnreadCountsResponseSchema>;
