import { z } from 'zod';
import { DataLanguageSchema, UuidSchema } from './common.ts';
import { toDataLanguage } from './language.ts';

// The daily podcast (spec §2 "Daily podcast page", §3 "Podcast task", §7 podcast_tasks and storage).

/** Storage bucket and default object key of a podcast's MP3 (spec §7). */
export const PODCAST_BUCKET = 'podcast-audio';
export const defaultPodcastAudioPath = (taskId: string) => `${taskId}/final_podcast.mp3`;

/** Player constants (spec §9). */
export const PODCAST_SKIP_SECONDS = 10;
export const PODCAST_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

const PlainDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Invalid date');

// ───────────── jobs ─────────────

/**
 * The daily tick (a BullMQ job scheduler, cron + time zone): for every active topic and language with
 * summaries on targetDate (default: the day before the tick, in the scheduler's zone) a podcast task is
 * created, or an unfinished one is re-queued. Completed tasks are never touched.
 */
export const PodcastDailyJobSchema = z.object({
  requestId: z.string().max(100).optional(),
  targetDate: PlainDateSchema.optional(),
  topicIds: z.array(UuidSchema).max(500).optional(),
  languages: z.array(DataLanguageSchema).min(1).max(2).optional(),
});
export type PodcastDailyJob = z.infer<typeof PodcastDailyJobSchema>;

/** One podcast task: script → speech chunks → one MP3 in storage. Idempotent per task. */
export const GeneratePodcastJobSchema = z.object({
  requestId: z.string().max(100).optional(),
  taskId: UuidSchema,
});
export type GeneratePodcastJob = z.infer<typeof GeneratePodcastJobSchema>;

/** The LLM's structured script (validated before use). */
export const PodcastScriptSchema = z.object({
  title: z.string().min(1).max(200),
  segments: z
    .array(z.object({ heading: z.string().max(200), text: z.string().min(1).max(4000) }))
    .min(1)
    .max(40),
  outro: z.string().max(1000),
});
export type PodcastScript = z.infer<typeof PodcastScriptSchema>;

// ───────────── API ─────────────

/** GET /api/podcasts: date (YYYY-MM-DD), topic_id, language (UI language en|zh or EN|ZH; default en). */
export const PodcastListQuerySchema = z.object({
  date: PlainDateSchema.optional(),
  topic_id: UuidSchema.optional(),
  language: z
    .enum(['en', 'zh', 'EN', 'ZH'])
    .transform((v) => (v === 'en' || v === 'zh' ? toDataLanguage(v) : v))
    .optional(),
});
export type PodcastListQuery = z.input<typeof PodcastListQuerySchema>;

export const PodcastIdParamsSchema = z.object({ id: UuidSchema });

/** GET /api/podcasts/:id/audio?token=… (the <audio> element cannot send a Bearer header). */
export const PodcastAudioQuerySchema = z.object({ token: z.string().max(2000).optional() });

export const PodcastDtoSchema = z.object({
  id: UuidSchema,
  topic_id: UuidSchema,
  topic_name: z.string(),
  target_date: z.string(),
  language: DataLanguageSchema,
  status: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  /** Signed, short-lived URL of the MP3 (GET with Range); null when the file is missing. */
  audio_url: z.string().nullable(),
  audio_url_expires_at: z.string().nullable(),
  has_transcript: z.boolean(),
});
export type PodcastDto = z.infer<typeof PodcastDtoSchema>;

export const PodcastListResponseSchema = z.object({ data: z.array(PodcastDtoSchema) });
export type PodcastListResponse = z.infer<typeof PodcastListResponseSchema>;

export const PodcastTranscriptResponseSchema = z.object({
  id: UuidSchema,
  language: DataLanguageSchema,
  transcript: z.string(),
});
export type PodcastTranscriptResponse = z.infer<typeof PodcastTranscriptResponseSchema>;
