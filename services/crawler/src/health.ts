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

/**
 * A successful crawl's two writes in one statement: the source's health (and, after a 200, its
 * new validators) and its processing task (by id, or the day's row for a scheduled crawl).
 * Saves round trips per crawl, which is most of the cost of a 304.
 */
export async function recordSuccessAndFinish(
  sql: SqlRunner,
  datasource: Pick<Datasource, 'id'>,
  now: Date,
  intervalSeconds: number,
  validators: { etag?: string | null; lastModified?: string | null } | null,
  task: {
    id?: string;
    datasourceId: string;
    targetDate: string;
    postsFound: number;
    metadata: Record<string, unknown>;
  },
): Promise<void> {
  const next = new Date(now.getTime() + intervalSeconds * 1000);
  const source = [
    datasource.id,
    now,
    next,
    validators === null,
    validators?.etag ?? null,
    validators?.lastModified ?? null,
  ];
  const metadata = JSON.stringify(task.metadata);
  if (task.id) {
    await sql({
      name: 'crawler_success_task',
      text: SUCCESS_TASK_SQL,
      values: [...source, task.id, task.postsFound, metadata],
    });
  } else {
    await sql({
      name: 'crawler_success_day',
      text: SUCCESS_DAY_SQL,
      values: [...source, task.datasourceId, task.targetDate, task.postsFound, metadata],
    });
  }
}

// $1 datasource id, $2 now, $3 next check, $4 keep the validators, $5 etag, $6 last modified.
const UPDATE_SOURCE_SQL = `
  UPDATE datasources SET
    last_crawled_at = $2::timestamptz, last_success_at = $2::timestamptz, consecutive_failures = 0,
    next_check_at = $3::timestamptz,
    etag = CASE WHEN $4::boolean THEN etag ELSE $5::text END,
    last_modified = CASE WHEN $4::boolean THEN last_modified ELSE $6::text END,
    updated_at = now()
  WHERE id = $1::uuid`;

// $7 task id, $8 posts found, $9 metadata.
const SUCCESS_TASK_SQL = `
  WITH d AS (${UPDATE_SOURCE_SQL})
  UPDATE processing_tasks SET
    status = 'completed'::"TaskStatus", posts_found = $8::int, error_message = NULL,
    completed_at = now(), metadata = $9::jsonb, updated_at = now()
  WHERE id = $7::uuid`;

// $7 datasource id, $8 target date, $9 posts found, $10 metadata.
const SUCCESS_DAY_SQL = `
  WITH d AS (${UPDATE_SOURCE_SQL})
  INSERT INTO processing_tasks (id, datasource_id, target_date, status, attempts, posts_found, metadata, started_at, completed_at, created_at, updated_at)
  VALUES (gen_random_uuid(), $7::uuid, $8::date, 'completed'::"TaskStatus", 1, $9::int, $10::jsonb, $2::timestamptz, now(), now(), now())
  ON CONFLICT (datasource_id, target_date) DO UPDATE SET
    status = 'completed'::"TaskStatus", attempts = processing_tasks.attempts + 1, posts_found = EXCLUDED.posts_found,
    error_message = NULL, metadata = EXCLUDED.metadata, started_at = EXCLUDED.started_at, completed_at = now(), updated_at = now()`;
