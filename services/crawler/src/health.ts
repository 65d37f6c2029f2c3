import type { Datasource, PrismaClient, SqlRunner } from '@app/db';
import type { CrawlError } from './errors.ts';

const MIN_BACKOFF_S = 300;
const MAX_BACKOFF_S = 24 * 3600;

/** Seconds between checks: config.check_interval, else daily for crawl_frequency 'daily', else the default. */
export function checkIntervalSeconds(datasource: Pick<Datasource, 'config'>, fallback: number): number {
  const config = (datasource.config ?? {}) as Record<string, unknown>;
  const interval = Number(config.check_interval);
  if (Number.isFinite(interval) && interval >= 60) return Math.floor(interval);
  if (config.crawl_frequency === 'daily') return 86_400;
  if (config.crawl_frequency === 'hourly') return 3_600;
  return fallback;
}

/** Exponential backoff after n consecutive failures, bounded; a Retry-After answer is honoured. */
export function backoffSeconds(interval: number, failures: number, retryAfter?: number): number {
  const exp = Math.min(
    MAX_BACKOFF_S,
    Math.max(MIN_BACKOFF_S, Math.min(interval, 3600) * 2 ** Math.max(0, failures - 1)),
  );
  return Math.min(MAX_BACKOFF_S, Math.max(exp, retryAfter ?? 0));
}

export async function recordFailure(
  prisma: PrismaClient,
  datasource: Datasource,
  now: Date,
  intervalSeconds: number,
  error: CrawlError,
): Promise<{ consecutiveFailures: number; nextCheckAt: Date }> {
  const consecutiveFailures = datasource.consecutiveFailures + 1;
  const nextCheckAt = new Date(
    now.getTime() + backoffSeconds(intervalSeconds, consecutiveFailures, error.retryAfterSeconds) * 1000,
  );
  await prisma.datasource.update({
    where: { id: datasource.id },
    data: {
      lastCrawledAt: now,
      lastErrorAt: now,
      lastErrorClass: error.errorClass,
      lastErrorMessage: error.message.slice(0, 1000),
      // Atomic: two crawls of one source that fail together count twice.
      consecutiveFailures: { increment: 1 },
      nextCheckAt,
    },
  });
  return { consecutiveFailures, nextCheckAt };
}

export type SuccessRecord = {
  datasourceId: string;
  now: Date;
  intervalSeconds: number;
  /** After a 200, the new validators; null after a 304 (the stored ones stay). */
  validators: { etag?: string | null; lastModified?: string | null } | null;
  task: {
    /** The processing task to complete; none for a scheduled crawl, which records its day's row. */
    id?: string;
    targetDate: string;
    postsFound: number;
    metadata: Record<string, unknown>;
  };
};

/**
 * Successful crawls' writes in one statement: each source's health (and, after a 200, its new
 * validators) and its processing task (by id, or the day's row for a scheduled crawl). Saves round
 * trips per crawl, which are most of the cost of a 304. The datasources must differ (one statement
 * cannot upsert a day's row twice): crawl-store.ts batches so.
 */
export async function recordSuccesses(sql: SqlRunner, records: SuccessRecord[]): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => ({
    ds: r.datasourceId,
    now: r.now.toISOString(),
    next: new Date(r.now.getTime() + r.intervalSeconds * 1000).toISOString(),
    keep: r.validators === null,
    etag: r.validators?.etag ?? null,
    last_modified: r.validators?.lastModified ?? null,
    task: r.task.id ?? null,
    target_date: r.task.targetDate,
    posts_found: r.task.postsFound,
    metadata: r.task.metadata,
  }));
  await sql({ name: 'crawler_record_successes', text: SUCCESS_SQL, values: [JSON.stringify(rows)] });
}

const SUCCESS_SQL = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
      ds uuid, now timestamptz, next timestamptz, keep boolean, etag text, last_modified text,
      task uuid, target_date date, posts_found int, metadata jsonb)
  ), sources AS (
    UPDATE datasources d SET
      last_crawled_at = i.now, last_success_at = i.now, consecutive_failures = 0, next_check_at = i.next,
      etag = CASE WHEN i.keep THEN d.etag ELSE i.etag END,
      last_modified = CASE WHEN i.keep THEN d.last_modified ELSE i.last_modified END,
      updated_at = now()
    FROM input i WHERE d.id = i.ds
  ), tasks AS (
    UPDATE processing_tasks t SET
      status = 'completed'::"TaskStatus", posts_found = i.posts_found, error_message = NULL,
      completed_at = now(), metadata = i.metadata, updated_at = now()
    FROM input i WHERE i.task IS NOT NULL AND t.id = i.task
  )
  INSERT INTO processing_tasks (id, datasource_id, target_date, status, attempts, posts_found, metadata, started_at, completed_at, created_at, updated_at)
  SELECT gen_random_uuid(), i.ds, i.target_date, 'completed'::"TaskStatus", 1, i.posts_found, i.metadata, i.now, now(), now(), now()
  FROM input i WHERE i.task IS NULL
  ON CONFLICT (datasource_id, target_date) DO UPDATE SET
    status = 'completed'::"TaskStatus", attempts = processing_tasks.attempts + 1, posts_found = EXCLUDED.posts_found,
    error_message = NULL, metadata = EXCLUDED.metadata, started_at = EXCLUDED.started_at, completed_at = now(), updated_at = now()`;
