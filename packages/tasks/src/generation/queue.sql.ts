import type { GenerationStatus } from '@app/contracts';
import { Prisma, type PrismaClient } from '@app/db';

// The content-generation queue's SQL: queue positions, the status poll, the per-user lock, the runs
// that count against a quota, a retry's return to the queue and a result's removal.

/**
 * Pending tasks ahead of task t, in FIFO (queue_seq) order: the pending counts of the buckets before t's
 * (generation_queue_buckets, kept by a trigger; at most pending/100 rows) plus the pending tasks before t in
 * its own bucket (an index range of at most 100 entries). Nothing is rewritten as the queue moves, and the
 * poll stays cheap however long the queue is.
 */
const AHEAD_TEXT = `
  COALESCE((SELECT sum(b.pending)::int FROM generation_queue_buckets b WHERE b.bucket < t.queue_seq / 100), 0)
  + (SELECT count(*)::int FROM content_generation_queue p
     WHERE p.status = 'pending' AND p.queue_seq >= (t.queue_seq / 100) * 100 AND p.queue_seq < t.queue_seq)`;
/** AHEAD_TEXT as a Prisma fragment (it has no parameters). */
export const AHEAD_SQL = Prisma.raw(`(${AHEAD_TEXT})`);

export type StatusRow = {
  id: string;
  user_id: string;
  status: GenerationStatus;
  progress: number;
  result_ids: string[];
  target_platforms: string[];
  error_message: string | null;
  retry_count: number;
  max_retries: number;
  queue_position: number;
};

/**
 * The status poll, for several (task id, user id) pairs at once ($1, $2: parallel uuid arrays): a poll
 * only ever sees its owner's task. Plain text for a named prepared statement; the position is the
 * tasks ahead (AHEAD_TEXT) + 1.
 */
export const STATUS_TEXT = `
  SELECT t.id::text AS id, t.user_id::text AS user_id,
         t.status::text AS status, t.progress, t.result_ids::text[] AS result_ids, t.target_platforms,
         t.error_message, t.retry_count, t.max_retries,
         CASE WHEN t.status = 'pending' THEN (${AHEAD_TEXT} + 1) ELSE 0 END AS queue_position
  FROM unnest($1::uuid[], $2::uuid[]) AS asked(id, user_id)
  JOIN content_generation_queue t ON t.id = asked.id AND t.user_id = asked.user_id`;

/**
 * Takes the user's transaction-scoped advisory lock on waiting tasks, then counts them. The count is its own
 * statement, after the lock: under READ COMMITTED it sees every task another holder of the lock committed.
 */
export async function lockAndCountPending(
  tx: Prisma.TransactionClient,
  userId: string,
  lockWaitMs: number,
): Promise<number> {
  // A burst of one user's requests queues here: past lockWaitMs PostgreSQL gives up (lock_not_available)
  // and the caller answers 429, instead of the transaction running out of time (a 500).
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockWaitMs))}`);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`generation-pending:${userId}`}, 0))`;
  return tx.contentGenerationQueue.count({ where: { userId, status: 'pending' } });
}

/**
 * How many generation runs of the user since `since` count against the monthly quota: a run (a task
 * entering the queue, created or retried) counts while it is its task's latest and the task waits,
 * runs or is done, or once one of its model calls succeeded; a run that failed or was cancelled
 * without a successful call gives its place back. A run whose task was deleted counts (deleting
 * results gives nothing back).
 */
export const QUOTA_RUNS_SQL = (userId: string, since: Date) => Prisma.sql`
  SELECT count(*)::int AS used FROM generation_runs r
  LEFT JOIN content_generation_queue t ON t.id = r.task_id
  LEFT JOIN LATERAL (
    SELECT min(n.run_at) AS next_at FROM generation_runs n WHERE n.task_id = r.task_id AND n.run_at > r.run_at
  ) nx ON true
  WHERE r.user_id = ${userId}::uuid AND r.run_at >= ${since}
    AND (t.id IS NULL
      OR (nx.next_at IS NULL AND t.status IN ('pending', 'processing', 'completed'))
      OR EXISTS (
        SELECT 1 FROM ai_usage a
        WHERE a.generation_task_id = r.task_id AND a.feature = 'generation' AND a.success
          AND a.created_at >= r.run_at AND (nx.next_at IS NULL OR a.created_at < nx.next_at)))`;

/** Runs counted against the quota since `since` (see QUOTA_RUNS_SQL). */
export async function quotaRunsSince(
  db: Prisma.TransactionClient | PrismaClient,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db.$queryRaw<{ used: number }[]>(QUOTA_RUNS_SQL(userId, since));
  return row?.used ?? 0;
}

/** One more run of the task at `at` (under the caller's lock, in its transaction). */
export function recordRun(tx: Prisma.TransactionClient, taskId: string, userId: string, at: Date) {
  return tx.$executeRaw`
    INSERT INTO generation_runs (id, task_id, user_id, run_at)
    VALUES (gen_random_uuid(), ${taskId}::uuid, ${userId}::uuid, ${at})`;
}

/** A failed or cancelled task back to pending at the back of the queue (a fresh queue_seq); 1 when requeued. */
export function requeueTask(tx: Prisma.TransactionClient, taskId: string, userId: string, jobId: string) {
  return tx.$executeRaw`
    UPDATE content_generation_queue
    SET status = 'pending', task_id = ${jobId}, retry_count = 0, error_message = NULL, completed_at = NULL,
        enqueued_at = now(), dispatched_at = NULL, updated_at = now(),
        queue_seq = nextval(pg_get_serial_sequence('content_generation_queue', 'queue_seq'))
    WHERE id = ${taskId}::uuid AND user_id = ${userId}::uuid AND status IN ('failed', 'cancelled')`;
}

/** Drops a result id from the user's tasks; returns each task touched with how many results it has left. */
export function removeResultFromTasks(tx: Prisma.TransactionClient, resultId: string, userId: string) {
  return tx.$queryRaw<{ id: string; remaining: number }[]>`
    UPDATE content_generation_queue SET result_ids = array_remove(result_ids, ${resultId}::uuid), updated_at = now()
    WHERE user_id = ${userId}::uuid AND result_ids @> ARRAY[${resultId}::uuid]
    RETURNING id, cardinality(result_ids) AS remaining`;
}
