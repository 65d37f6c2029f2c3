import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';
import { GENERATION_DEFAULTS, GenerateContentJobSchema } from './generation.ts';
import { GeneratePodcastJobSchema, PodcastDailyJobSchema } from './podcast.ts';

/**
 * Queue names. Renaming one strands the jobs already waiting under the old name:
 * drain the old queue (or move its jobs) before deploying a rename.
 */
export const QUEUE_NAMES = {
  crawl: 'crawl',
  summarize: 'summarize',
  podcast: 'podcast',
  generation: 'content-generation',
  mail: 'mail',
  /** The newsletter: digest ticks, single digest sends and opt-in mails (long runs stay off 'mail'). */
  digest: 'digest',
  /** Story clustering: off the crawl and summary path, so its cost never delays a summary. */
  stories: 'stories',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Every job carries the id of the request that caused it, for log correlation. */
const base = { requestId: z.string().max(100).optional() };

export const SendVerificationEmailJobSchema = z.object({
  ...base,
  userId: z.uuid(),
  email: z.email(),
  /** Absolute link the user clicks; built by the gateway from PUBLIC_URL. */
  verifyUrl: z.url(),
  language: UiLanguageSchema,
});
export type SendVerificationEmailJob = z.infer<typeof SendVerificationEmailJobSchema>;

/** "Forgot password": the one-hour, single-use link to set a new password. */
export const SendPasswordResetEmailJobSchema = z.object({
  ...base,
  userId: z.uuid(),
  email: z.email(),
  /** Absolute link to the web page that sets the new password; built by the gateway from PUBLIC_URL. */
  resetUrl: z.url(),
  language: UiLanguageSchema,
});
export type SendPasswordResetEmailJob = z.infer<typeof SendPasswordResetEmailJobSchema>;

/** "Someone tried to sign in to your account": an account's logins failed repeatedly (at most every few hours). */
export const SendSignInWarningEmailJobSchema = z.object({
  ...base,
  userId: z.uuid(),
  email: z.email(),
  /** Absolute link to the web page that asks for a password reset link; built by the gateway from PUBLIC_URL. */
  resetUrl: z.url(),
  language: UiLanguageSchema,
});
export type SendSignInWarningEmailJob = z.infer<typeof SendSignInWarningEmailJobSchema>;

/**
 * "Someone tried to create an account with your address": a registration named an address that already
 * has an account. The page answers as for a new address; only the mailbox's owner learns of it.
 */
export const SendRegistrationAttemptEmailJobSchema = z.object({
  ...base,
  userId: z.uuid(),
  email: z.email(),
  /** Absolute link to the sign-in page; built by the gateway from PUBLIC_URL. */
  signInUrl: z.url(),
  /** Absolute link to the web page that asks for a password reset link. */
  resetUrl: z.url(),
  language: UiLanguageSchema,
});
export type SendRegistrationAttemptEmailJob = z.infer<typeof SendRegistrationAttemptEmailJobSchema>;

/** Scheduled every few minutes: sends the digest to everyone whose 8 AM has come. */
export const DigestTickJobSchema = z.object({ ...base });
export type DigestTickJob = z.infer<typeof DigestTickJobSchema>;

/** One subscriber's digest for one local date, now (admin send); idempotent per subscriber+date. */
export const SendDigestJobSchema = z.object({
  ...base,
  subscriberId: z.uuid(),
  digestDate: z.iso.date(),
});
export type SendDigestJob = z.infer<typeof SendDigestJobSchema>;

/** Double opt-in: the "confirm your subscription" email. */
export const SendNewsletterConfirmationJobSchema = z.object({ ...base, subscriberId: z.uuid() });
export type SendNewsletterConfirmationJob = z.infer<typeof SendNewsletterConfirmationJobSchema>;

const DateOnlySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** Crawls one datasource; idempotent (posts upsert by canonical URL hash). taskId: the processing_tasks row it serves. */
export const CrawlDatasourceJobSchema = z.object({
  ...base,
  datasourceId: z.uuid(),
  taskId: z.uuid().optional(),
  /** Ignore next_check_at (admin "crawl now"). */
  force: z.boolean().default(false),
});
export type CrawlDatasourceJob = z.infer<typeof CrawlDatasourceJobSchema>;

/** Scheduler tick: enqueues crawl-datasource for every active datasource whose next_check_at is due. */
export const CrawlDueJobSchema = z.object({
  ...base,
  limit: z.number().int().min(1).max(10_000).default(500),
});
export type CrawlDueJob = z.infer<typeof CrawlDueJobSchema>;

/** The daily pipeline: a processing_tasks row per active datasource for targetDate (default today, UTC), then crawls. */
export const DailyPipelineJobSchema = z.object({ ...base, targetDate: DateOnlySchema.optional() });
export type DailyPipelineJob = z.infer<typeof DailyPipelineJobSchema>;

/** One summary per post and language (the datasource's language unless given). */
export const SummarizePostJobSchema = z.object({
  ...base,
  postId: z.uuid(),
  language: z.enum(['EN', 'ZH']).optional(),
});
export type SummarizePostJob = z.infer<typeof SummarizePostJobSchema>;

/** The most posts one summarize-posts job carries: a crawl with more queues several jobs. */
export const SUMMARIZE_POSTS_MAX = 50;

/** One summary per post and language for a crawl's new posts: one job per crawl instead of one per post. */
export const SummarizePostsJobSchema = z.object({
  ...base,
  postIds: z.array(z.uuid()).min(1).max(SUMMARIZE_POSTS_MAX),
  language: z.enum(['EN', 'ZH']).optional(),
});
export type SummarizePostsJob = z.infer<typeof SummarizePostsJobSchema>;

/** One summary of a datasource's posts of a day (UTC): daily_subreddit for reddit, twitter_rss_datasource for twitter/twitter-rss. */
export const SummarizeDatasourceDayJobSchema = z.object({
  ...base,
  datasourceId: z.uuid(),
  date: DateOnlySchema,
});
export type SummarizeDatasourceDayJob = z.infer<typeof SummarizeDatasourceDayJobSchema>;

/**
 * Scheduled every few seconds: adds the job of each pending generation task whose job never reached
 * the queue (Redis was away when the gateway wrote the row) or has vanished from it.
 */
export const GenerationSweepJobSchema = z.object({ ...base });
export type GenerationSweepJob = z.infer<typeof GenerationSweepJobSchema>;

/** Attaches one stored summary to a story (an existing one reporting the same event, else a new one); idempotent. */
export const ClusterSummaryJobSchema = z.object({ ...base, summaryId: z.uuid() });
export type ClusterSummaryJob = z.infer<typeof ClusterSummaryJobSchema>;

/**
 * Scheduled, and the backfill: clusters summaries that have no story yet, oldest first (those
 * stored before stories existed, or whose cluster-summary job never reached the queue).
 */
export const ClusterBacklogJobSchema = z.object({
  ...base,
  limit: z.number().int().min(1).max(100_000).default(2_000),
});
export type ClusterBacklogJob = z.infer<typeof ClusterBacklogJobSchema>;

/**
 * BullMQ job options as plain data (the catalogue names no queue library). What is not set here comes
 * from the queue package's defaults: 5 attempts with exponential backoff, finished jobs trimmed.
 */
export type JobOptionsData = {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: number | boolean;
  removeOnFail?: number | boolean;
};

/** A scheduled run that fails is logged and counted; the next run does its work. */
const SCHEDULED_ONCE: JobOptionsData = { attempts: 1, removeOnComplete: 100, removeOnFail: 100 };

/**
 * The job catalogue: name → queue, payload schema and, where a job differs from the defaults, its
 * options (`options` for every job added, `scheduled` for the runs its job scheduler adds). Workers
 * and producers are typed by it; producers, the generation outbox relay and the schedulers take the
 * options from here.
 */
export const JOB_DEFINITIONS = {
  'generate-content': {
    queue: QUEUE_NAMES.generation,
    schema: GenerateContentJobSchema,
    // The row's retry accounting (max_retries) decides first; these attempts are a backstop.
    options: { attempts: GENERATION_DEFAULTS.maxRetries + 2 },
  },
  'generation-sweep': {
    queue: QUEUE_NAMES.generation,
    schema: GenerationSweepJobSchema,
    // A failed sweep (the database restarting) is not kept among the queue's failed tasks.
    scheduled: { attempts: 1, removeOnComplete: 100, removeOnFail: true },
  },
  'send-verification-email': { queue: QUEUE_NAMES.mail, schema: SendVerificationEmailJobSchema },
  'send-password-reset-email': { queue: QUEUE_NAMES.mail, schema: SendPasswordResetEmailJobSchema },
  'send-sign-in-warning-email': { queue: QUEUE_NAMES.mail, schema: SendSignInWarningEmailJobSchema },
  'send-registration-attempt-email': {
    queue: QUEUE_NAMES.mail,
    schema: SendRegistrationAttemptEmailJobSchema,
  },
  'crawl-datasource': { queue: QUEUE_NAMES.crawl, schema: CrawlDatasourceJobSchema },
  'crawl-due': { queue: QUEUE_NAMES.crawl, schema: CrawlDueJobSchema, scheduled: SCHEDULED_ONCE },
  'daily-pipeline': { queue: QUEUE_NAMES.crawl, schema: DailyPipelineJobSchema, scheduled: SCHEDULED_ONCE },
  'summarize-post': { queue: QUEUE_NAMES.summarize, schema: SummarizePostJobSchema },
  'summarize-posts': { queue: QUEUE_NAMES.summarize, schema: SummarizePostsJobSchema },
  'summarize-datasource-day': { queue: QUEUE_NAMES.summarize, schema: SummarizeDatasourceDayJobSchema },
  'send-newsletter-confirmation': { queue: QUEUE_NAMES.digest, schema: SendNewsletterConfirmationJobSchema },
  'digest-tick': {
    queue: QUEUE_NAMES.digest,
    schema: DigestTickJobSchema,
    // A tick that meets a database restart (or any passing error) runs again within seconds instead
    // of waiting for the next tick; a rerun is safe, every delivery is claimed first.
    scheduled: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 100,
      removeOnFail: 100,
    },
  },
  'send-digest': { queue: QUEUE_NAMES.digest, schema: SendDigestJobSchema },
  'podcast-daily': {
    queue: QUEUE_NAMES.podcast,
    schema: PodcastDailyJobSchema,
    scheduled: { attempts: 3, removeOnComplete: 100, removeOnFail: 100 },
  },
  'generate-podcast': { queue: QUEUE_NAMES.podcast, schema: GeneratePodcastJobSchema },
  'cluster-summary': { queue: QUEUE_NAMES.stories, schema: ClusterSummaryJobSchema },
  'cluster-backlog': {
    queue: QUEUE_NAMES.stories,
    schema: ClusterBacklogJobSchema,
    scheduled: SCHEDULED_ONCE,
  },
} as const satisfies Record<
  string,
  { queue: QueueName; schema: z.ZodType; options?: JobOptionsData; scheduled?: JobOptionsData }
>;

export type JobName = keyof typeof JOB_DEFINITIONS;
export type JobPayload<N extends JobName> = z.input<(typeof JOB_DEFINITIONS)[N]['schema']>;
export type ParsedJobPayload<N extends JobName> = z.output<(typeof JOB_DEFINITIONS)[N]['schema']>;
export type JobsOfQueue<Q extends QueueName> = {
  [N in JobName]: (typeof JOB_DEFINITIONS)[N]['queue'] extends Q ? N : never;
}[JobName];
