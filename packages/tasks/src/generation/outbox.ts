import { JOB_DEFINITIONS } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import { jobOptionsOf } from '@app/queue';
import type { Queue } from 'bullmq';

/** A transport that does not answer within this leaves the task undispatched; the sweep adds the job later. */
export const ENQUEUE_TIMEOUT_MS = 1500;

/**
 * Row first, then the job with jobId = the row's task_id (adding it twice is a no-op), then
 * dispatched_at. If the transport is away or slow the row stays undispatched and `sweepUndispatched`
 * adds the job: never a row without a job for long, never a job without a row. True when it went now.
 */
export async function dispatchGeneration(
  deps: {
    enqueue: (jobId: string) => Promise<unknown>;
    markDispatched: (taskId: string, jobId: string) => Promise<unknown>;
    log: Logger;
    timeoutMs?: number;
  },
  taskId: string,
  jobId: string,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      deps.enqueue(jobId),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('enqueue timed out')),
          deps.timeoutMs ?? ENQUEUE_TIMEOUT_MS,
        );
      }),
    ]);
    await deps.markDispatched(taskId, jobId);
    return true;
  } catch (error) {
    deps.log.warn({ err: error, taskId }, 'generation job not enqueued now; the sweep will add it');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The outbox relay for generation tasks. The gateway writes the row first and then adds the job with
 * jobId = the row's task_id (a deterministic id, so adding twice is a no-op) and stamps dispatched_at.
 * When Redis was away at that moment the row stays undispatched and this sweep adds the job later;
 * pending rows whose job vanished from the transport (Redis flushed) are re-added too.
 */
export async function sweepUndispatched(
  prisma: PrismaClient,
  queue: Queue,
  log: Logger,
  options: { graceMs?: number; staleMs?: number; limit?: number } = {},
): Promise<number> {
  const { graceMs = 2000, staleMs = 10 * 60_000, limit = 200 } = options;
  const now = Date.now();
  const undispatched = await prisma.contentGenerationQueue.findMany({
    where: { status: 'pending', dispatchedAt: null, updatedAt: { lt: new Date(now - graceMs) } },
    select: { id: true, taskId: true },
    orderBy: [{ queueSeq: 'asc' }],
    take: limit,
  });
  const stale = await prisma.contentGenerationQueue.findMany({
    where: { status: 'pending', dispatchedAt: { lt: new Date(now - staleMs) } },
    select: { id: true, taskId: true },
    orderBy: [{ queueSeq: 'asc' }],
    take: limit,
  });
  let added = 0;
  for (const row of [...undispatched, ...stale]) {
    const jobId = row.taskId ?? row.id;
    const existing = await queue.getJob(jobId);
    if (!existing || (await existing.isCompleted()) || (await existing.isFailed())) {
      if (existing) await existing.remove().catch(() => undefined);
      await queue.add(
        'generate-content',
        JOB_DEFINITIONS['generate-content'].schema.parse({ taskId: row.id }),
        { ...jobOptionsOf('generate-content'), jobId },
      );
      added += 1;
    }
    // Keyed by the job id, not the status: the job may already have started.
    await prisma.contentGenerationQueue.updateMany({
      where: { id: row.id, taskId: row.taskId },
      data: { dispatchedAt: new Date() },
    });
  }
  if (added) log.info({ added }, 'generation sweep re-dispatched tasks');
  return added;
}
