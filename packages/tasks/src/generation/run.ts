import type { PrismaClient } from '@app/db';

/** The task left processing (cancelled, deleted) while its job ran: the job stops quietly. */
export class TaskGone extends Error {
  constructor() {
    super('The task is no longer running');
    this.name = 'TaskGone';
  }
}

/** A failure no retry can mend (the summary is gone): the task fails at once. */
export class PermanentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentError';
  }
}

/** What a failed attempt leads to: another attempt (the job throws), the task failed, or nothing (it had ended). */
/** What a failed attempt led to; a retry says which one it is (1-based) of how many the row allows. */
export type AttemptOutcome =
  | { outcome: 'retry'; retry: number; maxRetries: number }
  | { outcome: 'failed' | 'stopped' };

export type GenerationRun = ReturnType<typeof createGenerationRun>;

/**
 * content_generation_queue as the worker drives it: pending → processing → completed | failed. Every
 * write is keyed by status = 'processing', so a task cancelled or deleted meanwhile is never written
 * over (TaskGone), and a re-delivered job (worker killed, stalled) claims the same row again. The
 * retry budget is the row's (retry_count < max_retries); the job's attempts in the job catalogue are a
 * backstop above it.
 */
export function createGenerationRun(prisma: PrismaClient) {
  /** The task's result ids in the order of its platforms. */
  async function resultIds(taskId: string, platforms: readonly string[]): Promise<string[]> {
    const rows = await prisma.userGeneratedContent.findMany({
      where: { taskId },
      select: { id: true, targetPlatform: true },
    });
    return rows
      .sort((a, b) => platforms.indexOf(a.targetPlatform) - platforms.indexOf(b.targetPlatform))
      .map((row) => row.id);
  }

  return {
    resultIds,

    /** Only a pending or (re-delivered) processing task runs: false when it is done, cancelled or deleted. */
    async claim(taskId: string): Promise<boolean> {
      const claimed = await prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, status: { in: ['pending', 'processing'] } },
        data: { status: 'processing', startedAt: new Date(), queuePosition: null },
      });
      return claimed.count > 0;
    },

    /** Throws TaskGone unless the task is still processing (checked before each costly step). */
    async ensureRunning(taskId: string): Promise<void> {
      const row = await prisma.contentGenerationQueue.findUnique({
        where: { id: taskId },
        select: { status: true },
      });
      if (row?.status !== 'processing') throw new TaskGone();
    },

    /** Progress (kept under 100 until the task completes) with the results so far; TaskGone if it ended. */
    async progress(taskId: string, platforms: readonly string[], percent: number): Promise<void> {
      const updated = await prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, status: 'processing' },
        data: { progress: Math.min(percent, 99), resultIds: await resultIds(taskId, platforms) },
      });
      if (updated.count === 0) throw new TaskGone();
    },

    /** Completed with every result; TaskGone if it ended meanwhile. */
    async complete(taskId: string, platforms: readonly string[]): Promise<void> {
      const finished = await prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, status: 'processing' },
        data: {
          status: 'completed',
          progress: 100,
          resultIds: await resultIds(taskId, platforms),
          completedAt: new Date(),
          errorMessage: null,
        },
      });
      if (finished.count === 0) throw new TaskGone();
    },

    /**
     * A failed attempt: 'retry' while the row's budget lasts and the error is not permanent (the
     * count and message written; the job throws so the queue retries with backoff), else 'failed'
     * with the results made so far; 'stopped' when the task is no longer processing.
     */
    async failAttempt(taskId: string, platforms: readonly string[], error: unknown): Promise<AttemptOutcome> {
      const message = error instanceof Error ? error.message : String(error);
      const current = await prisma.contentGenerationQueue.findUnique({
        where: { id: taskId },
        select: { status: true, retryCount: true, maxRetries: true },
      });
      if (current?.status !== 'processing') return { outcome: 'stopped' };
      if (!(error instanceof PermanentError) && current.retryCount < current.maxRetries) {
        await prisma.contentGenerationQueue.updateMany({
          where: { id: taskId, status: 'processing' },
          data: { retryCount: { increment: 1 }, errorMessage: message },
        });
        return { outcome: 'retry', retry: current.retryCount + 1, maxRetries: current.maxRetries };
      }
      await prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, status: 'processing' },
        data: {
          status: 'failed',
          errorMessage: message,
          completedAt: new Date(),
          resultIds: await resultIds(taskId, platforms),
        },
      });
      return { outcome: 'failed' };
    },
  };
}
