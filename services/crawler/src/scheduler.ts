import type { Queue } from 'bullmq';
import type { JobName, JobPayload } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import type { EnqueueOptions } from '@app/queue';
import { createCrawlTasks } from '@app/tasks/crawl';

type Enqueue = <N extends JobName>(
  name: N,
  payload: JobPayload<N>,
  options?: EnqueueOptions,
) => Promise<string>;

/** Enqueues a crawl for each active datasource whose next check is due. Overlapping ticks reuse the job id. */
export async function enqueueDueCrawls(
  prisma: PrismaClient,
  enqueue: Enqueue,
  options: { now: Date; limit: number; requestId?: string },
): Promise<number> {
  const due = await prisma.datasource.findMany({
    where: { isActive: true, OR: [{ nextCheckAt: null }, { nextCheckAt: { lte: options.now } }] },
    orderBy: [{ nextCheckAt: { sort: 'asc', nulls: 'first' } }],
    take: options.limit,
    select: { id: true, nextCheckAt: true },
  });
  for (const datasource of due) {
    await enqueue(
      'crawl-datasource',
      { datasourceId: datasource.id, requestId: options.requestId },
      { jobId: `due-${datasource.id}-${datasource.nextCheckAt?.getTime() ?? 'first'}` },
    );
  }
  return due.length;
}

/** The daily pipeline: a processing task per active datasource for the date, then a crawl per pending task. */
export async function runDailyPipeline(
  prisma: PrismaClient,
  enqueue: Enqueue,
  options: { targetDate: string; requestId?: string },
): Promise<{ tasksCreated: number; queued: number }> {
  const tasks = createCrawlTasks(prisma);
  const created = await tasks.createForDate({ targetDate: options.targetDate, forceCreate: false });
  const pending = await tasks.pending({ targetDate: options.targetDate });
  for (const task of pending) {
    await enqueue(
      'crawl-datasource',
      { datasourceId: task.datasourceId, taskId: task.id, requestId: options.requestId },
      // Same key as the admin API's: a task re-opened gets a new job, a waiting one is not doubled.
      { jobId: task.jobKey },
    );
  }
  return { tasksCreated: created.tasks.length, queued: pending.length };
}

/** Summarize job states in which a job still holds its posts. */
const HOLDING_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The posts the summarize queue's unfinished jobs hold, or null when more than `limit` jobs wait:
 * a backlog, in which a pending post is most likely still queued, so the sweep waits for a later tick.
 */
export function queuedSummaryPosts(queue: Queue, limit = 2000): () => Promise<Set<string> | null> {
  return async () => {
    const counts = await queue.getJobCounts(...HOLDING_STATES);
    if (Object.values(counts).reduce((sum, n) => sum + n, 0) > limit) return null;
    const jobs = await queue.getJobs([...HOLDING_STATES], 0, limit);
    const ids = new Set<string>();
    for (const job of jobs) {
      const data = (job?.data ?? {}) as { postId?: unknown; postIds?: unknown };
      if (typeof data.postId === 'string') ids.add(data.postId);
      if (Array.isArray(data.postIds)) for (const id of data.postIds) if (typeof id === 'string') ids.add(id);
    }
    return ids;
  };
}

/**
 * Posts a crawl stored but whose summary job was lost (a crash between the two, a flushed
 * queue) and still pending after 10 minutes: queued again, one summarize-post each. A post that
 * an unfinished summarize job still holds (a crawl's summarize-posts job waiting behind others)
 * is left to that job; during a backlog (`queued` answers null) nothing is swept.
 */
export async function requeueStuckPosts(
  prisma: PrismaClient,
  enqueue: Enqueue,
  options: {
    now: Date;
    limit: number;
    aggregated: Set<string>;
    queued?: () => Promise<Set<string> | null>;
  },
): Promise<number> {
  const held = options.queued ? await options.queued() : new Set<string>();
  if (!held) return 0;
  const found = await prisma.post.findMany({
    where: { status: 'pending', updatedAt: { lt: new Date(options.now.getTime() - 10 * 60_000) } },
    orderBy: { createdAt: 'asc' },
    take: options.limit,
    select: { id: true, datasource: { select: { id: true, platform: true, language: true } } },
  });
  const stuck = found.filter((post) => !held.has(post.id));
  const days = new Set<string>();
  for (const post of stuck) {
    const { datasource } = post;
    if (options.aggregated.has(datasource.platform)) {
      days.add(datasource.id);
      continue;
    }
    await enqueue(
      'summarize-post',
      { postId: post.id, language: datasource.language },
      { jobId: `post-${post.id}-${datasource.language}` },
    );
  }
  const date = options.now.toISOString().slice(0, 10);
  for (const datasourceId of days) {
    await enqueue(
      'summarize-datasource-day',
      { datasourceId, date },
      { jobId: `day-${datasourceId}-${date}-requeue-${options.now.getTime()}` },
    );
  }
  return stuck.length;
}
