import { z } from 'zod';
import { DataLanguageSchema, UiLanguageSchema, UuidSchema } from './common.ts';
import { PodcastFailureReasonSchema } from './podcast.ts';

// Admin operations: make a topic's podcast now (or again after a failure), and the digest's
// "send to everyone due" with its count first.

/** A calendar date that exists (2026-02-30 does not). */
const PlainDateSchema = z.iso.date({ error: 'Expected a date (YYYY-MM-DD)' });

/** How far back an admin may make a podcast: the summaries of older days are cleaned up. */
export const PODCAST_GENERATE_MAX_DAYS_BACK = 366;

/**
 * POST /api/admin/podcasts/generate. topic_id: one topic (omitted: every active topic); target_date:
 * YYYY-MM-DD, not in the future (omitted: today in the podcast time zone); language: en|zh (omitted: both).
 */
export const AdminPodcastGenerateBodySchema = z
  .object({
    topic_id: UuidSchema.optional(),
    target_date: PlainDateSchema.optional(),
    language: UiLanguageSchema.optional(),
  })
  .strict();
export type AdminPodcastGenerateBody = z.infer<typeof AdminPodcastGenerateBodySchema>;

/**
 * What happened to each topic + language: `queued` (a job was added; a failed podcast is replaced in
 * place), or left alone because it is `already_queued`, `already_processing`, `already_completed`, or
 * there is nothing to speak (`no_summaries`, no task is made).
 */
export const PodcastGenerateOutcomeSchema = z.enum([
  'queued',
  'already_queued',
  'already_processing',
  'already_completed',
  'no_summaries',
]);
export type PodcastGenerateOutcome = z.infer<typeof PodcastGenerateOutcomeSchema>;

export const AdminPodcastGenerateResponseSchema = z.object({
  target_date: z.string(),
  /** The tasks queued by this call (the podcast_tasks ids the queue view and the list show). */
  task_ids: z.array(UuidSchema),
  results: z.array(
    z.object({
      topic_id: UuidSchema,
      topic_name: z.string(),
      language: DataLanguageSchema,
      outcome: PodcastGenerateOutcomeSchema,
      task_id: UuidSchema.nullable(),
      job_id: z.string().nullable(),
    }),
  ),
});
export type AdminPodcastGenerateResponse = z.infer<typeof AdminPodcastGenerateResponseSchema>;

/** GET /api/admin/podcasts?date&status: the newest podcast tasks in every state. */
export const AdminPodcastListQuerySchema = z.object({
  date: PlainDateSchema.optional(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']).optional(),
});
export const AdminPodcastTaskSchema = z.object({
  id: UuidSchema,
  topic_id: UuidSchema,
  topic_name: z.string(),
  target_date: z.string(),
  language: DataLanguageSchema,
  status: z.string(),
  error_message: z.string().nullable(),
  /** Why it has no audio (failed, or an old text-only podcast); null when it has or may get some. */
  failure_reason: PodcastFailureReasonSchema.nullable(),
  /** The speech engine and MP3 encoder of its latest run (recorded when a worker takes it). */
  tts_engine: z.string().nullable(),
  encoder: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AdminPodcastTask = z.infer<typeof AdminPodcastTaskSchema>;
/** What the podcast worker speaks with: recorded on the latest task a worker took (null: none yet). */
export const PodcastSpeechStatusSchema = z.object({
  /** openai, espeak (the program), espeak-wasm (the npm package), or none. */
  tts_engine: z.string(),
  encoder: z.string().nullable(),
  /** Why the worker chose it, as it logged at start-up. */
  reason: z.string().nullable(),
  reported_at: z.string(),
});
export type PodcastSpeechStatus = z.infer<typeof PodcastSpeechStatusSchema>;
export const AdminPodcastListResponseSchema = z.object({
  data: z.array(AdminPodcastTaskSchema),
  speech: PodcastSpeechStatusSchema.nullable(),
});
export type AdminPodcastListResponse = z.infer<typeof AdminPodcastListResponseSchema>;

/** GET /api/admin/digest/due: who the scheduled send would mail now (8 AM passed, not served today). */
export const DigestDueResponseSchema = z.object({
  due_count: z.number().int(),
  zones: z.array(z.object({ time_zone: z.string(), date: z.string(), count: z.number().int() })),
});
export type DigestDueResponse = z.infer<typeof DigestDueResponseSchema>;

/** POST /api/admin/digest/send-due: runs the scheduled send now (one digest tick). */
export const DigestSendDueBodySchema = z.object({}).strict();
export const DigestSendDueResponseSchema = z.object({
  job_id: z.string(),
  /** Subscribers due when the send was queued (quiet days are skipped by the send itself). */
  due_count: z.number().int(),
});
export type DigestSendDueResponse = z.infer<typeof DigestSendDueResponseSchema>;
