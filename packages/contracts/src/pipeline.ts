import { z } from 'zod';
import { countsSchema, PlatformSchema } from './common.ts';

// Admin API of the content pipeline (spec §7: master-scheduler, data-cleanup, posts-cleanup).

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** POST /api/admin/crawl: a processing_tasks row and a crawl job per matching active datasource. */
export const AdminCrawlBodySchema = z.object({
  /** Default: today (UTC). */
  targetDate: DateOnly.optional(),
  topicIds: z.array(z.uuid()).max(500).optional(),
  platforms: z.array(PlatformSchema).max(8).optional(),
  datasourceIds: z.array(z.uuid()).max(5000).optional(),
  /** Re-open tasks that already exist for the date (otherwise they are skipped). */
  forceCreate: z.boolean().default(false),
});
export type AdminCrawlBody = z.infer<typeof AdminCrawlBodySchema>;
export const AdminCrawlResponseSchema = z.object({
  success: z.boolean(),
  tasksCreated: z.number().int(),
  errors: z.array(z.string()),
});
export type AdminCrawlResponse = z.infer<typeof AdminCrawlResponseSchema>;

/** POST /api/admin/process-pending: enqueues up to `limit` pending crawl tasks. */
export const ProcessPendingBodySchema = z.object({ limit: z.number().int().min(1).max(1000).default(10) });
export const ProcessPendingResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ processed: z.number().int() }),
});
export type ProcessPendingResponse = z.infer<typeof ProcessPendingResponseSchema>;

export const CleanupBodySchema = z.object({
  confirm: z.literal(true, { error: 'confirm must be true' }),
  /** Only rows older than this many days (default: data 30, posts 7). 0 = everything. */
  olderThanDays: z.number().int().min(0).max(3650).optional(),
});
export type CleanupBody = z.infer<typeof CleanupBodySchema>;
export const DataCleanupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  recordsDeleted: z.object({
    processing_tasks: z.number().int(),
    posts: z.number().int(),
    summaries: z.number().int(),
    generated_content: z.number().int(),
  }),
});
export type DataCleanupResponse = z.infer<typeof DataCleanupResponseSchema>;
export const PostsCleanupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  recordsDeleted: z.object({ posts: z.number().int() }),
  summariesUpdated: z.number().int(),
  generatedContentUpdated: z.number().int(),
});
export type PostsCleanupResponse = z.infer<typeof PostsCleanupResponseSchema>;

/** The classes a failed crawl is recorded under (datasources.last_error_class); screens describe each. */
export const CRAWL_ERROR_CLASSES = [
  'timeout',
  'http_4xx',
  'http_5xx',
  'rate_limited',
  'parse_error',
  'blocked',
  'too_large',
  'network',
  'config',
] as const;
export type CrawlErrorClassId = (typeof CRAWL_ERROR_CLASSES)[number];

export const SourceHealthStateSchema = z.enum(['healthy', 'failing', 'stale', 'never_crawled', 'inactive']);
export const SourceHealthSchema = z.object({
  id: z.uuid(),
  source_name: z.string(),
  platform: PlatformSchema,
  topic_id: z.uuid(),
  is_active: z.boolean(),
  /** healthy: last check succeeded within twice its interval; stale: last success is older (never shown as fresh). */
  state: SourceHealthStateSchema,
  last_crawled_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error_class: z.string().nullable(),
  last_error_message: z.string().nullable(),
  consecutive_failures: z.number().int(),
  next_check_at: z.string().nullable(),
});
export type SourceHealthRow = z.infer<typeof SourceHealthSchema>;
export const SourceHealthQuerySchema = z.object({
  state: SourceHealthStateSchema.optional(),
  platform: PlatformSchema.optional(),
});
export const SourceHealthResponseSchema = z.object({
  data: z.array(SourceHealthSchema),
  counts: countsSchema(SourceHealthStateSchema.options),
});
export type SourceHealthResponse = z.infer<typeof SourceHealthResponseSchema>;
