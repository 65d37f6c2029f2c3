import { z } from 'zod';

// Stories: summaries that report the same event, across outlets and languages.

/** How a summary joined its story: first of it, by offline text similarity, by embedding (cross-language), by an admin. */
export const StoryMatchMethodSchema = z.enum(['new', 'text', 'embedding', 'admin']);
export type StoryMatchMethod = z.infer<typeof StoryMatchMethodSchema>;

export const StoryMemberSchema = z.object({
  id: z.string(),
  headline: z.string(),
  language: z.enum(['EN', 'ZH']),
  summary_type: z.string(),
  created_at: z.string(),
  /** The post's publication time, else the summary's creation: what the 72 h window compares. */
  event_at: z.string(),
  source_urls: z.array(z.string()),
  datasource: z.object({ id: z.string(), source_name: z.string(), platform: z.string() }).nullable(),
  match_method: StoryMatchMethodSchema.nullable(),
  /** The similarity that attached it (Jaccard or cosine); null for the first member and admin moves. */
  match_score: z.number().nullable(),
});
export type StoryMember = z.infer<typeof StoryMemberSchema>;

/** What every view of a story says about it, the reader's and the admin's. */
export const StoryHeaderSchema = z.object({
  id: z.string(),
  headline: z.string(),
  /** The first summary's language. */
  language: z.enum(['EN', 'ZH']),
  languages: z.array(z.enum(['EN', 'ZH'])),
  summary_count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});

export const StoryDetailSchema = StoryHeaderSchema.extend({
  /** Oldest first. */
  summaries: z.array(StoryMemberSchema),
});
export type StoryDetail = z.infer<typeof StoryDetailSchema>;

export const SplitStoryBodySchema = z.object({
  /** Members to move into a new story of their own; the rest stay. */
  summary_ids: z.array(z.uuid()).min(1).max(500),
});
export type SplitStoryBody = z.infer<typeof SplitStoryBodySchema>;

export const MergeStoryBodySchema = z.object({
  /** The story whose summaries move into the one in the path; it is then deleted. */
  story_id: z.uuid(),
});
export type MergeStoryBody = z.infer<typeof MergeStoryBodySchema>;

export const StoryChangeResponseSchema = z.object({
  /** The stories as they are after the change (a deleted one is left out). */
  stories: z.array(StoryDetailSchema),
});
export type StoryChangeResponse = z.infer<typeof StoryChangeResponseSchema>;

export const STORY_MESSAGES = {
  notFound: 'Story not found',
  notMembers: 'Some summaries are not in this story',
  splitAll: 'Leave at least one summary in the story',
  mergeSelf: 'A story cannot be merged into itself',
} as const;
