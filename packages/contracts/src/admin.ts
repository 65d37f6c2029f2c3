import { z } from 'zod';
import { countsSchema, DataLanguageSchema, PLATFORMS, PlatformSchema } from './common.ts';
import { QUEUE_NAMES } from './jobs.ts';

// The admin API (content spec §5 admin rules, §7 admin reads and writes, §8 admin messages):
// topics, datasources, source submissions, queues. Messages are the spec's Chinese wording.

export const ADMIN_MESSAGES = {
  selectTopics: '请选择主题',
  selectDatasources: '请选择数据源',
  invalidConfig: '配置必须是有效的JSON格式',
  noCrawlable: '没有可抓取的数据源',
  noActive: '没有活跃的数据源',
  nameRequired: '请输入名称',
  descriptionRequired: '请输入描述',
  topicRequired: '请选择主题',
  platformRequired: '请选择平台',
  sourceNameRequired: '请输入数据源名称',
  sourceUrlRequired: '请输入URL',
  sourceUrlScheme: '只支持 http 或 https 链接',
  sourceUrlPrivate: '不能使用内网、本机或保留地址',
  topicInactive: '只能关联活跃的主题',
  topicNotFound: '主题不存在',
  datasourceNotFound: '数据源不存在',
  duplicateDatasource: '该主题下已存在相同平台和URL的数据源',
  topicHasDatasources: '该主题下仍有数据源，无法删除',
  submissionNotFound: '提交不存在',
  submissionReviewed: '该提交已处理',
  jobNotFound: 'Job not found',
  jobNotFailed: 'Only failed jobs can be retried',
} as const;

/** Keywords arrive as a list or as the form's comma-separated text: trimmed, empties dropped. */
export const KeywordsSchema = z
  .union([z.array(z.string().max(100)).max(50), z.string().max(2000)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(/[,，]/)).map((k) => k.trim()).filter((k) => k.length > 0),
  );

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

export const ActiveStatusFilterSchema = z.enum(['all', 'active', 'paused']);
export type ActiveStatusFilter = z.infer<typeof ActiveStatusFilterSchema>;

export const AdminIdParamsSchema = z.object({ id: z.uuid() });
/** DELETE of a topic or a datasource. */
export const DeletedResponseSchema = z.object({ success: z.literal(true) });

// ── topics ──

export const AdminTopicSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** The Chinese name and description readers of /zh see (null: the English ones stand). */
  name_zh: z.string().nullable(),
  description: z.string(),
  description_zh: z.string().nullable(),
  keywords: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  datasource_count: z.number().int(),
  /** Items crawled from the topic's sources (posts). */
  post_count: z.number().int(),
  /** Summaries filed under the topic (they outlive their posts after the posts clean-up). */
  summary_count: z.number().int(),
});
export type AdminTopic = z.infer<typeof AdminTopicSchema>;
export const AdminTopicListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: ActiveStatusFilterSchema.default('all'),
  sort: z.enum(['name', 'created_at']).default('name'),
});
export const AdminTopicListResponseSchema = z.object({ data: z.array(AdminTopicSchema) });

export const AdminTopicBodySchema = z.object({
  name: required(ADMIN_MESSAGES.nameRequired, 100),
  description: required(ADMIN_MESSAGES.descriptionRequired, 1000),
  keywords: KeywordsSchema.default([]),
  is_active: z.boolean().default(true),
});
export type AdminTopicBody = z.input<typeof AdminTopicBodySchema>;
export const AdminTopicPatchSchema = z.object({
  name: required(ADMIN_MESSAGES.nameRequired, 100).optional(),
  description: required(ADMIN_MESSAGES.descriptionRequired, 1000).optional(),
  keywords: KeywordsSchema.optional(),
  is_active: z.boolean().optional(),
});
export type AdminTopicPatch = z.input<typeof AdminTopicPatchSchema>;

/** Batch activate/pause: an empty selection is refused with the spec's message. */
export const batchStatusSchema = (emptyMessage: string) =>
  z.object({
    ids: z.array(z.uuid()).min(1, emptyMessage).max(5000),
    is_active: z.boolean(),
  });
export const TopicBatchStatusBodySchema = batchStatusSchema(ADMIN_MESSAGES.selectTopics);
export const DatasourceBatchStatusBodySchema = batchStatusSchema(ADMIN_MESSAGES.selectDatasources);
export type BatchStatusBody = z.infer<typeof TopicBatchStatusBodySchema>;
export const BatchStatusResponseSchema = z.object({ updated: z.number().int() });

// ── datasources ──

/**
 * A source's status, read from its crawl health (the Source health tab's data): disabled when
 * inactive, pending before any crawl, normal while its last success is recent, stale when it is
 * old, failing while its last crawls fail.
 */
export const DatasourceStatusSchema = z.enum(['disabled', 'pending', 'normal', 'stale', 'failing']);
export type DatasourceStatus = z.infer<typeof DatasourceStatusSchema>;

export const AdminDatasourceSchema = z.object({
  id: z.uuid(),
  topic_id: z.uuid(),
  platform: PlatformSchema,
  source_name: z.string(),
  source_url: z.string(),
  language: DataLanguageSchema,
  is_active: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  /** The last crawl attempt, successful or not. */
  last_crawled_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** One of CRAWL_ERROR_CLASSES (an older row may hold another word). */
  last_error_class: z.string().nullable(),
  last_error_message: z.string().nullable(),
  consecutive_failures: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  status: DatasourceStatusSchema,
  post_count: z.number().int(),
  topic: z.object({
    id: z.uuid(),
    name: z.string(),
    name_zh: z.string().nullable(),
    description: z.string(),
  }),
});
export type AdminDatasource = z.infer<typeof AdminDatasourceSchema>;
export const AdminDatasourceListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  topic_id: z.uuid().optional(),
  platform: PlatformSchema.optional(),
  language: DataLanguageSchema.optional(),
  status: ActiveStatusFilterSchema.default('all'),
});
export type AdminDatasourceListQuery = z.infer<typeof AdminDatasourceListQuerySchema>;
export const AdminDatasourceListResponseSchema = z.object({ data: z.array(AdminDatasourceSchema) });

/**
 * config: a JSON object, or the form's JSON text. Anything else is refused with the spec's
 * '配置必须是有效的JSON格式'. Absent: the platform's default config.
 */
export const DatasourceConfigSchema = z
  .union([z.string().max(20_000), z.record(z.string(), z.unknown())], { error: ADMIN_MESSAGES.invalidConfig })
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.invalidConfig });
    return z.NEVER;
  });

export const AdminDatasourceBodySchema = z.object({
  topic_id: z.uuid({ error: ADMIN_MESSAGES.topicRequired }),
  platform: z.enum(PLATFORMS, { error: ADMIN_MESSAGES.platformRequired }),
  /** For twitter the name may be empty: it becomes the keyword plus ' 相关推文'. */
  source_name: z.string().trim().max(200).default(''),
  /** Feed URL; for twitter the search keyword. */
  source_url: required(ADMIN_MESSAGES.sourceUrlRequired, 1000),
  language: DataLanguageSchema.optional(),
  is_active: z.boolean().default(true),
  config: DatasourceConfigSchema.optional(),
});
export type AdminDatasourceBody = z.input<typeof AdminDatasourceBodySchema>;
export const AdminDatasourcePatchSchema = z.object({
  topic_id: z.uuid({ error: ADMIN_MESSAGES.topicRequired }).optional(),
  platform: PlatformSchema.optional(),
  source_name: z.string().trim().max(200).optional(),
  source_url: required(ADMIN_MESSAGES.sourceUrlRequired, 1000).optional(),
  language: DataLanguageSchema.optional(),
  is_active: z.boolean().optional(),
  config: DatasourceConfigSchema.optional(),
});
export type AdminDatasourcePatch = z.input<typeof AdminDatasourcePatchSchema>;

// ── source submissions ──

export const AdminSubmissionSchema = z.object({
  id: z.uuid(),
  user_email: z.string().nullable(),
  topic_id: z.uuid().nullable(),
  topic_name: z.string().nullable(),
  topic_custom: z.string().nullable(),
  platform: z.string(),
  platform_custom: z.string().nullable(),
  url: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSubmission = z.infer<typeof AdminSubmissionSchema>;
/** Submissions per page of the admin list unless asked otherwise, and the most one page may hold. */
export const SUBMISSION_PAGE_SIZE = 20;
export const SUBMISSION_PAGE_SIZE_MAX = 100;
export const AdminSubmissionListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SUBMISSION_PAGE_SIZE_MAX).default(SUBMISSION_PAGE_SIZE),
});
export type AdminSubmissionListQuery = z.infer<typeof AdminSubmissionListQuerySchema>;
export const AdminSubmissionListResponseSchema = z.object({
  data: z.array(AdminSubmissionSchema),
  page: z.number().int(),
  limit: z.number().int(),
  /** Submissions with this status in all pages. */
  total: z.number().int(),
});
export type AdminSubmissionListResponse = z.infer<typeof AdminSubmissionListResponseSchema>;
/** Approving creates the datasource; the admin fills what the user could not (topic, platform, name). */
export const ApproveSubmissionBodySchema = z.object({
  topic_id: z.uuid({ error: ADMIN_MESSAGES.topicRequired }).optional(),
  platform: PlatformSchema.optional(),
  source_name: z.string().trim().min(1).max(200).optional(),
  language: DataLanguageSchema.optional(),
  note: z.string().trim().max(500).optional(),
});
export const RejectSubmissionBodySchema = z.object({ note: z.string().trim().max(500).optional() });
export const ApproveSubmissionResponseSchema = z.object({
  submission: AdminSubmissionSchema,
  datasource: AdminDatasourceSchema,
});

// ── queues ──

export const QueueNameSchema = z.enum(Object.values(QUEUE_NAMES) as [string, ...string[]]);
export const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'] as const;
export const QueueCountsSchema = z.object({
  name: z.string(),
  counts: countsSchema(JOB_STATES),
});
export const FailedJobSchema = z.object({
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  failed_reason: z.string(),
  attempts_made: z.number().int(),
  failed_at: z.string().nullable(),
  data: z.unknown(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
/** A job being worked on now, with the progress its worker reports (0–100). */
export const ActiveJobSchema = z.object({
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  progress: z.number(),
  started_at: z.string().nullable(),
  data: z.unknown(),
});
export type ActiveJob = z.infer<typeof ActiveJobSchema>;
export const AdminQueuesResponseSchema = z.object({
  queues: z.array(QueueCountsSchema),
  active: z.array(ActiveJobSchema),
  failed: z.array(FailedJobSchema),
});
export type AdminQueuesResponse = z.infer<typeof AdminQueuesResponseSchema>;
export const RetryJobParamsSchema = z.object({ queue: QueueNameSchema, id: z.string().min(1).max(200) });
export const RetryJobResponseSchema = z.object({ success: z.literal(true) });
