import { GENERATION_DEFAULTS } from '@app/contracts';
import { createSqlRunner, type Language, Prisma, type PrismaClient } from '@app/db';
import { AHEAD_SQL, lockAndCountPending, quotaRunsSince, recordRun, requeueTask } from './queue.sql.ts';
import { createStatusLoader } from './status-loader.ts';

/** The user's monthly quota, checked and taken under the same lock as the insert; null: none (admins). */
export type RunQuota = { limit: number; since: Date; at: Date } | null;

/** How long one user's create or retry waits for that user's earlier ones at most (then QueueBusyError). */
export const USER_LOCK_WAIT_MS = 8_000;

/**
 * The user's earlier creates or retries held the lock past the wait, or the database had no connection
 * or transaction to give: the caller answers "try again in a moment".
 */
export class QueueBusyError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Too many requests at once', options);
    this.name = 'QueueBusyError';
  }
}

/** PostgreSQL gave up waiting for a lock (lock_timeout), or Prisma for a connection or the transaction. */
function isBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && ['P2024', 'P2028'].includes(e.code)) return true;
    const text = `${(e as { code?: unknown }).code ?? ''} ${(e as { message?: unknown }).message ?? ''}`;
    if (/55P03|lock timeout|canceling statement due to lock timeout/i.test(text)) return true;
  }
  return false;
}

export type GenerationTasks = ReturnType<typeof createGenerationTasks>;

/**
 * content_generation_queue as its owner drives it: a task enters the queue (created or retried) under
 * the user's lock, learns its place, is cancelled, waited for, and loses its results. The worker's side
 * of the same rows is `createGenerationRun`; the outbox between them is `dispatchGeneration` and
 * `sweepUndispatched`.
 */
export function createGenerationTasks(prisma: PrismaClient, options: { lockWaitMs?: number } = {}) {
  const lockWaitMs = options.lockWaitMs ?? USER_LOCK_WAIT_MS;
  // The transaction outlives the longest wait on the lock, so the wait is what ends it.
  const lockedTransaction = { maxWait: 5_000, timeout: lockWaitMs + 5_000 };
  const underUserLock = async <T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> => {
    try {
      return await prisma.$transaction(fn, lockedTransaction);
    } catch (error) {
      if (isBusy(error)) throw new QueueBusyError({ cause: error });
      throw error;
    }
  };
  const pendingAhead = async (taskId: string): Promise<number> => {
    const rows = await prisma.$queryRaw<{ ahead: number }[]>`
      SELECT ${AHEAD_SQL} AS ahead FROM content_generation_queue t WHERE t.id = ${taskId}::uuid`;
    return rows[0]?.ahead ?? 0;
  };

  return {
    /** The status poll (owner only): null when the task is not this user's or does not exist. */
    status: createStatusLoader(createSqlRunner(prisma)),

    /** Pending tasks ahead of this one (its queue position less one). */
    pendingAhead,

    /** Runs counted against the quota since `since` (see QUOTA_RUNS_SQL). */
    quotaRunsSince: (userId: string, since: Date) => quotaRunsSince(prisma, userId, since),

    /**
     * Writes the task and its run unless the user already has `maxPending` tasks waiting
     * ('too-many-pending') or has used the month's quota ('quota-exhausted'). The user's advisory lock
     * is taken first and both counts read after it, in one transaction: parallel requests of one user
     * queue on the lock and each counts the rows the others committed, so neither limit is passed.
     */
    async create(input: {
      userId: string;
      summaryId: string;
      style: string;
      targetPlatforms: string[];
      userInput?: string;
      userLanguage: Language;
      maxPending: number;
      quota: RunQuota;
    }) {
      const id = crypto.randomUUID();
      const row = await underUserLock(async (tx) => {
        if ((await lockAndCountPending(tx, input.userId, lockWaitMs)) >= input.maxPending)
          return 'too-many-pending' as const;
        if (input.quota && (await quotaRunsSince(tx, input.userId, input.quota.since)) >= input.quota.limit)
          return 'quota-exhausted' as const;
        const created = await tx.contentGenerationQueue.create({
          data: {
            id,
            taskId: id,
            userId: input.userId,
            summaryId: input.summaryId,
            style: input.style,
            targetPlatforms: input.targetPlatforms,
            userInput: input.userInput ?? null,
            userLanguage: input.userLanguage,
            maxRetries: GENERATION_DEFAULTS.maxRetries,
          },
          select: { id: true, taskId: true, enqueuedAt: true },
        });
        await recordRun(tx, id, input.userId, input.quota?.at ?? new Date());
        return created;
      });
      if (typeof row === 'string') return row;
      const ahead = await pendingAhead(row.id);
      await prisma.contentGenerationQueue.update({ where: { id }, data: { queuePosition: ahead + 1 } });
      return { id: row.id, jobId: row.taskId ?? row.id, ahead };
    },

    /**
     * A failed or cancelled task goes to the back of the queue with a fresh job id and a fresh retry budget:
     * 'not-retryable' when it is neither, 'too-many-pending' when the user already has `maxPending` tasks
     * waiting, 'quota-exhausted' when the month's runs are used (counted under the same lock as create).
     */
    async requeue(
      taskId: string,
      userId: string,
      maxPending: number,
      quota: RunQuota,
    ): Promise<{ jobId: string } | 'not-retryable' | 'too-many-pending' | 'quota-exhausted'> {
      const jobId = `${taskId}-r${Date.now()}`;
      return underUserLock(async (tx) => {
        const pending = await lockAndCountPending(tx, userId, lockWaitMs);
        const retryable = await tx.contentGenerationQueue.count({
          where: { id: taskId, userId, status: { in: ['failed', 'cancelled'] } },
        });
        if (retryable === 0) return 'not-retryable' as const;
        if (pending >= maxPending) return 'too-many-pending' as const;
        // A retry is a run of its own: it counts in the month it runs.
        if (quota && (await quotaRunsSince(tx, userId, quota.since)) >= quota.limit)
          return 'quota-exhausted' as const;
        const updated = await requeueTask(tx, taskId, userId, jobId);
        if (updated !== 1) return 'not-retryable' as const;
        await recordRun(tx, taskId, userId, quota?.at ?? new Date());
        return { jobId };
      });
    },

    /** The job reached the queue (keyed by the job id: a retry since then has another). */
    markDispatched: (taskId: string, jobId: string) =>
      prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, taskId: jobId },
        data: { dispatchedAt: new Date() },
      }),

    /** A waiting or running task of the user ends as cancelled; the worker sees it before its next step. */
    cancel: (taskId: string, userId: string) =>
      prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, userId, status: { in: ['pending', 'processing'] } },
        data: { status: 'cancelled', completedAt: new Date(), queuePosition: null },
      }),

    findOwned: (taskId: string, userId: string) =>
      prisma.contentGenerationQueue.findFirst({
        where: { id: taskId, userId },
        select: { id: true, status: true, taskId: true },
      }),

    /** Waits (post mode) until the task leaves pending/processing, the deadline passes or `signal` aborts. */
    async waitForEnd(taskId: string, deadline: number, signal?: AbortSignal) {
      for (;;) {
        const row = await prisma.contentGenerationQueue.findUnique({
          where: { id: taskId },
          select: { status: true, resultIds: true },
        });
        if (!row) return null;
        if (!['pending', 'processing'].includes(row.status) || Date.now() >= deadline || signal?.aborted) {
          return row;
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, 250);
          signal?.addEventListener('abort', done, { once: true });
        });
      }
    },
  };
}
