import { z } from 'zod';
import { GenerationUsageSchema } from './usage.ts';
import { PlatformSchema, UiLanguageSchema, UuidSchema } from './common.ts';

/** Social platforms a summary can be turned into copy for, with their character limits (spec §3). */
export const GENERATION_PLATFORMS = ['linkedin', 'twitter', 'xiaohongshu', 'reddit', 'wechat'] as const;
export const GenerationPlatformSchema = z.enum(GENERATION_PLATFORMS);
export type GenerationPlatform = z.infer<typeof GenerationPlatformSchema>;

export const GENERATION_PLATFORM_LIMITS: Record<GenerationPlatform, number> = {
  linkedin: 3000,
  twitter: 280,
  xiaohongshu: 1000,
  reddit: 10000,
  wechat: 2000,
};
/** The targets' English names in the prompts; the web's tests keep them equal to the screens' names. */
export const GENERATION_PLATFORM_NAMES: Record<GenerationPlatform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  xiaohongshu: 'Rednote',
  reddit: 'Reddit',
  wechat: 'WeChat',
};

export const GENERATION_STYLES = ['engaging', 'professional', 'casual', 'creative', 'analytical'] as const;
export const GenerationStyleSchema = z.enum(GENERATION_STYLES);
export type GenerationStyle = z.infer<typeof GenerationStyleSchema>;

export const GENERATION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export const GenerationStatusSchema = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof GenerationStatusSchema>;

export const GENERATION_DEFAULTS = {
  platforms: ['linkedin', 'twitter'] as GenerationPlatform[],
  style: 'engaging' as GenerationStyle,
  maxRetries: 3,
  userInputMax: 500,
  /** Estimated wait per pending task ahead, in minutes. */
  minutesPerTask: 2,
  statusPollMs: 2000,
  historyPollMs: 5000,
  historyPageSize: 25,
};

/** The generation API's own messages (the web app shows its translations; see ACCESS_MESSAGES). */
export const GENERATION_MESSAGES = {
  needPlatform: 'need at least one target platform',
  userInputTooLong: `at most ${GENERATION_DEFAULTS.userInputMax} characters`,
  summaryNotFound: 'Summary not found',
  taskNotFound: 'Task not found',
  postNotFound: 'Post not found or not summarized yet',
  contentNotFound: 'Generated content not found',
} as const;

const TargetPlatformsSchema = z
  .array(GenerationPlatformSchema)
  .min(1, GENERATION_MESSAGES.needPlatform)
  .max(GENERATION_PLATFORMS.length)
  .transform((list) => [...new Set(list)]);

/** Trimmed, omitted when empty, at most 500 characters. */
const UserInputSchema = z
  .string()
  .trim()
  .max(GENERATION_DEFAULTS.userInputMax, GENERATION_MESSAGES.userInputTooLong)
  .optional()
  .transform((value) => (value ? value : undefined));

export const CreateGenerationTaskBodySchema = z.object({
  summary_id: UuidSchema,
  target_platforms: TargetPlatformsSchema,
  style: GenerationStyleSchema.default('engaging'),
  user_input: UserInputSchema,
  user_language: UiLanguageSchema.default('en'),
});
export type CreateGenerationTaskBody = z.input<typeof CreateGenerationTaskBodySchema>;

export const CreateGenerationTaskResponseSchema = z.object({
  success: z.literal(true),
  task_id: z.string(),
  queue_position: z.number().int(),
  /** Minutes: 2 per pending task ahead. */
  estimated_wait_time: z.number().int(),
});
export type CreateGenerationTaskResponse = z.infer<typeof CreateGenerationTaskResponseSchema>;

export const GenerationTaskParamsSchema = z.object({ taskId: UuidSchema });

/**
 * The error_message of a task whose summary was deleted before it ran (the one failure that is not the
 * model's); pages show their own words for it, and for any other failure, with the message as detail.
 */
export const GENERATION_SUMMARY_GONE_MESSAGE = 'The summary no longer exists';

/** What the generator polls every 2 s. queue_position: pending tasks ahead + 1, or 0 when not pending. */
export const GenerationTaskStatusSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: GenerationStatusSchema,
    progress: z.number().int(),
    queue_position: z.number().int(),
    result_ids: z.array(z.string()),
    target_platforms: z.array(z.string()),
    error_message: z.string().nullable(),
    retry_count: z.number().int(),
    max_retries: z.number().int(),
    /** What the task used so far (model calls, tokens, cost); null before its first call. */
    usage: GenerationUsageSchema.nullable().optional(),
  }),
});
export type GenerationTaskStatus = z.infer<typeof GenerationTaskStatusSchema>['data'];

export const GenerationResultSchema = z.object({
  id: z.string(),
  task_id: z.string().nullable(),
  platform: z.string(),
  content: z.string(),
  character_count: z.number().int(),
  is_over_limit: z.boolean(),
  hashtags: z.array(z.string()),
  style: z.string(),
  source_urls: z.array(z.string()),
  /** 'llm' or 'template' (the offline generator, labelled as such). */
  generator: z.string(),
  estimated_engagement: z.string(),
  platform_specific_notes: z.string(),
  created_at: z.string(),
  /** When its author published it to the topic page; null while it is private to them. */
  published_at: z.string().nullable(),
});
export type GenerationResult = z.infer<typeof GenerationResultSchema>;

export const GenerationResultsQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(UuidSchema).max(50)),
});
export const GenerationResultsResponseSchema = z.object({ data: z.array(GenerationResultSchema) });

export const GenerationSummaryInfoSchema = z.object({
  platform: z.string().nullable(),
  topic_name: z.string().nullable(),
  /** The topic's Chinese name, when it has one (shown on the Chinese pages). */
  topic_name_zh: z.string().nullable().optional(),
  title: z.string().nullable(),
  source_name: z.string().nullable(),
  url: z.string().nullable(),
});

export const GenerationTaskDtoSchema = z.object({
  id: z.string(),
  status: GenerationStatusSchema,
  style: z.string(),
  target_platforms: z.array(z.string()),
  user_input: z.string().nullable(),
  progress: z.number().int(),
  queue_position: z.number().int(),
  retry_count: z.number().int(),
  max_retries: z.number().int(),
  result_ids: z.array(z.string()),
  error_message: z.string().nullable(),
  summary_id: z.string().nullable(),
  summary_info: GenerationSummaryInfoSchema.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  generated_content: z.array(GenerationResultSchema),
  /** What the task used (model calls, tokens, cost); null when it made no call. */
  usage: GenerationUsageSchema.nullable().optional(),
});
export type GenerationTaskDto = z.infer<typeof GenerationTaskDtoSchema>;

const csvString = z
  .string()
  .max(500)
  .transform((value) => value.split(',').filter(Boolean));

export const GenerationHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: GenerationStatusSchema.optional(),
  target_platforms: csvString.pipe(z.array(GenerationPlatformSchema).max(10)).optional(),
  style: GenerationStyleSchema.optional(),
  source_platforms: csvString.pipe(z.array(PlatformSchema).max(10)).optional(),
  topic: z.string().trim().max(200).optional(),
  datasource: z.string().trim().max(200).optional(),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .refine((value) => !value || [...value].length >= 4, 'Search term must be at least 4 characters'),
});
export type GenerationHistoryQuery = z.input<typeof GenerationHistoryQuerySchema>;

export const GenerationHistoryResponseSchema = z.object({
  data: z.array(GenerationTaskDtoSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** Header counters over all of the user's tasks (not only this filter). */
  stats: z.object({
    total_tasks: z.number().int(),
    completed_tasks: z.number().int(),
    total_generated: z.number().int(),
  }),
});
export type GenerationHistoryResponse = z.infer<typeof GenerationHistoryResponseSchema>;

export const GeneratedContentParamsSchema = z.object({ id: UuidSchema });

/**
 * PATCH /api/generated-content/:id: the author publishes a result to its topic page (shown there under
 * their display name, without their instructions) or takes it back to private.
 */
export const UpdateGeneratedContentBodySchema = z.object({ published: z.boolean() }).strict();
export type UpdateGeneratedContentBody = z.infer<typeof UpdateGeneratedContentBodySchema>;
export const UpdateGeneratedContentResponseSchema = z.object({
  success: z.literal(true),
  data: GenerationResultSchema,
});
export type UpdateGeneratedContentResponse = z.infer<typeof UpdateGeneratedContentResponseSchema>;
export const DeleteGeneratedContentResponseSchema = z.object({
  success: z.literal(true),
  /** True when the task had no results left and was deleted too. */
  task_deleted: z.boolean(),
});

/** Post mode (platform-content-generator): post_id is a post or a summary id; answered when done. */
export const GeneratePostBodySchema = z.object({
  post_id: UuidSchema,
  target_platforms: TargetPlatformsSchema,
  tone: GenerationStyleSchema.default('engaging'),
  include_hashtags: z.boolean().default(true),
  /** The same optional instructions as the queued task: trimmed, at most 500 characters. */
  user_input: UserInputSchema,
  user_language: UiLanguageSchema.default('en'),
});
export type GeneratePostBody = z.input<typeof GeneratePostBodySchema>;
export const GeneratePostResponseSchema = z.object({
  success: z.literal(true),
  task_id: z.string(),
  data: z.object({
    generated_content: z.array(GenerationResultSchema),
    generation_stats: z.object({
      successful_generations: z.number().int(),
      status: GenerationStatusSchema,
    }),
  }),
});
export type GeneratePostResponse = z.infer<typeof GeneratePostResponseSchema>;

export const GenerationTaskActionResponseSchema = z.object({
  success: z.literal(true),
  status: GenerationStatusSchema,
});

/** The queued job: one content_generation_queue row; the row holds the state, the job only points at it. */
export const GenerateContentJobSchema = z.object({
  requestId: z.string().max(100).optional(),
  taskId: UuidSchema,
});
export type GenerateContentJob = z.infer<typeof GenerateContentJobSchema>;
