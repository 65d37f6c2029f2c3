import { z } from 'zod';
import { StoryHeaderSchema } from './stories.ts';

// The admin's story list: the clusters to check, with their members, for split and merge.

/** `<last_seen_at ISO>_<story id>`: the last row of the previous page. */
const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * A page cursor of the admin's story list, as the API gives them out (@app/rules encodeStoryCursor,
 * decodeStoryCursor): the pattern, and a time that is the one it spells (not 2024-02-30, say).
 */
export const StoryCursorSchema = z
  .string()
  .max(100)
  .refine((cursor) => {
    const lastSeenAt = CURSOR.exec(cursor)?.[1];
    const time = new Date(lastSeenAt ?? Number.NaN);
    return !Number.isNaN(time.getTime()) && time.toISOString() === lastSeenAt;
  }, 'Not a cursor from this list');

export const ADMIN_STORIES_PAGE_MAX = 50;

/** GET /api/admin/stories: newest activity first, a page at a time (keyset on last_seen_at, id). */
export const AdminStoriesQuerySchema = z.object({
  /** Stories with at least one summary of this topic. */
  topic_id: z.uuid().optional(),
  /** Stories with at least one summary in this language. */
  language: z.enum(['EN', 'ZH']).optional(),
  /** Part of the story's headline (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  /** Fewest members: 2 (the default) lists the merges to check; 1 also finds single reports to merge. */
  min_size: z.coerce.number().int().min(1).max(500).default(2),
  limit: z.coerce.number().int().min(1).max(ADMIN_STORIES_PAGE_MAX).default(20),
  cursor: StoryCursorSchema.optional(),
});
export type AdminStoriesQuery = z.infer<typeof AdminStoriesQuerySchema>;

export const AdminStoryMemberSchema = z.object({
  id: z.string(),
  title: z.string(),
  language: z.enum(['EN', 'ZH']),
  /** The post's publication time, else the summary's creation. */
  published_at: z.string(),
  source_name: z.string().nullable(),
  platform: z.string().nullable(),
});
export type AdminStoryMember = z.infer<typeof AdminStoryMemberSchema>;

/** Members listed per story at most; summary_count tells how many there are. */
export const ADMIN_STORY_MEMBERS_MAX = 100;

export const AdminStorySchema = StoryHeaderSchema.extend({
  /** Oldest first, at most ADMIN_STORY_MEMBERS_MAX. */
  members: z.array(AdminStoryMemberSchema),
});
export type AdminStory = z.infer<typeof AdminStorySchema>;

export const AdminStoriesResponseSchema = z.object({
  data: z.array(AdminStorySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type AdminStoriesResponse = z.infer<typeof AdminStoriesResponseSchema>;

/**
 * GET/POST /api/admin/stories/clustering: how far the summaries are on the current clustering rule.
 * After an upgrade that changes the rule, the summarizer decides the older fingerprints again in
 * the background (oldest event first); POST starts that pass at once instead of at the next
 * scheduled run.
 */
export const StoryClusteringStatusSchema = z.object({
  /** The rule new decisions are made under. */
  rule_version: z.number().int(),
  /** Summaries whose story was decided under the current rule. */
  current: z.number().int(),
  /** Summaries whose story was decided under an older rule: still to be decided again. */
  older: z.number().int(),
  /** Summaries not clustered yet. */
  unclustered: z.number().int(),
  /** current + older + unclustered. */
  total: z.number().int(),
  /** A clustering pass is queued or running. */
  running: z.boolean(),
});
export type StoryClusteringStatus = z.infer<typeof StoryClusteringStatusSchema>;
