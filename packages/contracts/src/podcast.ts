import { z } from 'zod';
import { DataLanguageSchema, UuidSchema } from './common.ts';
import { LANGUAGE_TAGS } from './language.ts';

// The daily podcast (spec §2 "Daily podcast page", §3 "Podcast task", §7 podcast_tasks and storage).

/** Storage bucket of the podcasts' MP3s (spec §7); @app/rules defaultPodcastAudioPath is an MP3's key. */
export const PODCAST_BUCKET = 'podcast-audio';

/** Player constants (spec §9). */
export const PODCAST_SKIP_SECONDS = 10;
export const PODCAST_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Why a podcast has no audio, stored as `metadata.failure_reason` of a failed task (its
 * `error_message` keeps the words of the error). `no_speech_engine`: the worker had no speech engine;
 * `speech_failed`: the engine failed or made no sound; `audio_failed`: the MP3 could not be made or
 * stored; `no_summaries`: nothing to speak that day; `error`: anything else. @app/rules
 * podcastFailureReason reads it from a task.
 */
export const PodcastFailureReasonSchema = z.enum([
  'no_speech_engine',
  'speech_failed',
  'audio_failed',
  'no_summaries',
  'error',
]);
export type PodcastFailureReason = z.infer<typeof PodcastFailureReasonSchema>;

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
    .transform((v) => (v === 'en' || v === 'zh' ? LANGUAGE_TAGS[v].data : v))
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
  /** A failed podcast (listed with its transcript): why it has no audio; null otherwise. */
  failure_reason: PodcastFailureReasonSchema.nullable(),
  audio_url_expires_at: z.string().nullable(),
  has_transcript: z.boolean(),
});
export type PodcastDto = z.infer<typeof PodcastDtoSchema>;

export const PodcastListResponseSchema = z.object({
  data: z.array(PodcastDtoSchema),
  /**
   * The caller's private podcast feed (RSS for a podcast app) in the list's language, or null until they
   * make one (POST /api/podcasts/feed-token) or after they turn it off. Add `topics=<id>,<id>` or
   * `lang=en,zh` to choose what it carries.
   */
  feed_url: z.string().nullable(),
});
export type PodcastListResponse = z.infer<typeof PodcastListResponseSchema>;

export const PodcastTranscriptResponseSchema = z.object({
  id: UuidSchema,
  language: DataLanguageSchema,
  transcript: z.string(),
});
export type PodcastTranscriptResponse = z.infer<typeof PodcastTranscriptResponseSchema>;

// ───────────── the private podcast feed (RSS 2.0 + iTunes + Podcasting 2.0) ─────────────

/** The show: the feed's channel and the album tag of every MP3. */
export const PODCAST_SHOW = {
  en: {
    title: 'Daily Curated Podcast',
    description: 'A short audio briefing per topic, made every day from the day’s curated summaries.',
    author: 'Daily Curated',
  },
  zh: {
    title: '每日精选播客',
    description: '每天根据当日精选摘要制作的各主题简短音频简报。',
    author: '每日精选',
  },
} as const;

/** The most episodes one podcast feed carries, newest first. */
export const PODCAST_FEED_EPISODE_LIMIT = 100;

/**
 * One chapter per story, in `podcast_tasks.metadata.chapters` (written by the podcast worker, which also
 * puts them in the MP3 as ID3 CHAP frames) and served as Podcasting 2.0 JSON chapters.
 */
export const PodcastChapterSchema = z.object({
  title: z.string(),
  start_seconds: z.number().min(0),
  end_seconds: z.number().min(0),
});
export type PodcastChapter = z.infer<typeof PodcastChapterSchema>;

/** The feed token in the path is the only credential of the feed routes (podcast apps send no header). */
export const PodcastFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const PodcastFeedEpisodeParamsSchema = PodcastFeedParamsSchema.extend({ id: UuidSchema });

const commaList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .string()
    .max(max * 40)
    .transform((value, ctx) => {
      const parts = [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ];
      const bad = parts.find((part) => !item.safeParse(part).success);
      if (bad !== undefined || parts.length === 0 || parts.length > max) {
        ctx.addIssue({ code: 'custom', message: `Use up to ${max} comma-separated values` });
        return z.NEVER;
      }
      return parts as z.output<T>[];
    });

/**
 * GET /api/podcasts/feed/:token?lang=en,zh&topics=<id>,<id>: which languages (default en; the first
 * names the channel's language) and topics (default all) the feed carries.
 */
export const PodcastFeedQuerySchema = z.object({
  lang: commaList(z.enum(['en', 'zh']), 2).optional(),
  topics: commaList(UuidSchema, 100).optional(),
});

/** Answer of POST /api/podcasts/feed-token: the new URL (the previous one stops working at once). */
export const PodcastFeedTokenSchema = z.object({ feed_url: z.string(), created_at: z.string() });
export type PodcastFeedToken = z.infer<typeof PodcastFeedTokenSchema>;
