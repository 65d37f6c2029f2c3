import { GENERATION_DEFAULTS } from '@app/contracts';
import { createSqlRunner, type Language, Prisma, type PrismaClient } from '@app/db';
import { RateLimitedError } from '../../lib/rate-limited.ts';
import { createStatusLoader } from './generation-status.loader.ts';
import {
  AHEAD_SQL,
  type HistoryFilters,
  historyWhere,
  lockAndCountPending,
  quotaRunsSince,
  recordRun,
  requeueTask,
} from './generation.sql.ts';

/** The user's monthly quota, checked and taken under the same lock as the insert; null: none (admins). */
/** What a history row loads with it: the summary's source, topic and post, and the task's results. */
export const historyInclude = {
  summary: { include: { datasource: true, topic: true, post: { select: { title: true, url: true } } } },
  generatedContent: true,
} as const satisfies Prisma.ContentGenerationQueueInclude;
export type HistoryRow = Prisma.ContentGenerationQueueGetPayload<{ include: typeof historyInclude }>;

export type RunQuota = { limit: number; since: Date; at: Date } | null;

export type GenerationTasksRepository = ReturnType<typeof createGenerationTasksRepository>;

/** How long one user's create or retry waits for that user's earlier ones at most (then 429). */
export const USER_LOCK_WAIT_MS = 8_000;

/** PostgreSQL gave up waiting for a lock (lock_timeout), or Prisma for a connection or the transaction. */
function isBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && ['P2024', 'P2028'].includes(e.code)) return true;
    const text = `${(e as { code?: unknown }).code ?? ''} ${(e as { message?: unknown }).message ?? ''}`;
    if (/55P03|lock timeout|canceling statement due to lock timeout/i.test(text)) return true;
  }
  return false;
}

const busy = () =>
  new RateLimitedError(
    'TOO_MANY_CONCURRENT_REQUESTS',
    'Too many requests at once, please try again in a moment',
    2,
  );

/** content_generation_queue: a user's generation tasks, their place in the queue and their history. */
export function createGenerationTasksRepository(prisma: PrismaClient, options: { lockWaitMs?: number } = {}) {
  const lockWaitMs = options.lockWaitMs ?? USER_LOCK_WAIT_MS;
  // The transaction outlives the longest wait on the lock, so the wait is what ends it.
  const lockedTransaction = { maxWait: 5_000, timeout: lockWaitMs + 5_000 };
  const underUserLock = async <T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> => {
    try {
      return await prisma.$transaction(fn, lockedTransaction);
    } catch (error) {
      if (isBusy(error)) throw busy();
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

    pendingAhead,

    markDispatched: (taskId: string, jobId: string) =>
      prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, taskId: jobId },
        data: { dispatchedAt: new Date() },
      }),

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

    async history(userId: string, filters: HistoryFilters) {
      const where = historyWhere(userId, filters);
      const pageSize = GENERATION_DEFAULTS.historyPageSize;
      const [rows, total, totalTasks, completedTasks, totalGenerated] = await Promise.all([
        prisma.contentGenerationQueue.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (filters.page - 1) * pageSize,
          take: pageSize,
          include: historyInclude,
        }),
        prisma.contentGenerationQueue.count({ where }),
        prisma.contentGenerationQueue.count({ where: { userId } }),
        prisma.contentGenerationQueue.count({ where: { userId, status: 'completed' } }),
        prisma.userGeneratedContent.count({ where: { userId, taskId: { not: null } } }),
      ]);
      const positions = new Map<string, number>();
      for (const row of rows.filter((r) => r.status === 'pending')) {
        positions.set(row.id, (await pendingAhead(row.id)) + 1);
      }
      return {
        // Each row with its queue position (0 unless pending); generation.mapper.ts shapes them.
        rows: rows.map((row) => ({ row, queuePosition: positions.get(row.id) ?? 0 })),
        page: filters.page,
        page_size: pageSize,
        total,
        stats: { total_tasks: totalTasks, completed_tasks: completedTasks, total_generated: totalGenerated },
      };
    },

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
