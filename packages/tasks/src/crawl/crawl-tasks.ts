import { dateColumn } from '@app/time';
import { type Platform, type Prisma, type PrismaClient, platformFromId } from '@app/db';

export type CrawlTaskFilter = {
  targetDate: string;
  topicIds?: string[];
  platforms?: string[];
  datasourceIds?: string[];
  forceCreate: boolean;
};

/** A task to hand to the crawler, with the job id that keeps it from being queued twice. */
export type QueuedTask = { id: string; datasourceId: string; jobKey: string };

/** The job id of a task's crawl: new whenever the task is re-opened, the same while it waits (no double crawl). */
export const crawlJobKey = (task: { id: string; updatedAt: Date }) =>
  `task-${task.id}-${task.updatedAt.getTime()}`;

function toQueued(task: { id: string; datasourceId: string; updatedAt: Date }): QueuedTask {
  return { id: task.id, datasourceId: task.datasourceId, jobKey: crawlJobKey(task) };
}

export type CrawlTasks = ReturnType<typeof createCrawlTasks>;

/**
 * processing_tasks: one crawl of one datasource for one date, made by the admin or the daily
 * pipeline, started by the crawler (a scheduled crawl records itself on the day's row), and ended
 * completed (the crawler's batched success write) or failed.
 */
export function createCrawlTasks(prisma: PrismaClient) {
  return {
    /**
     * A pending task per matching active datasource and date (master-scheduler). An existing
     * task is left alone unless forceCreate, which re-opens it. Returns the tasks to enqueue.
     */
    async createForDate(filter: CrawlTaskFilter): Promise<{ matched: number; tasks: QueuedTask[] }> {
      const targetDate = dateColumn(filter.targetDate);
      const platforms = filter.platforms
        ?.map((p) => platformFromId(p))
        .filter((p): p is Platform => p !== null);
      const datasources = await prisma.datasource.findMany({
        where: {
          isActive: true,
          ...(filter.topicIds?.length ? { topicId: { in: filter.topicIds } } : {}),
          ...(platforms?.length ? { platform: { in: platforms } } : {}),
          ...(filter.datasourceIds?.length ? { id: { in: filter.datasourceIds } } : {}),
        },
        select: { id: true },
      });
      const ids = datasources.map((d) => d.id);
      if (ids.length === 0) return { matched: 0, tasks: [] };
      return prisma.$transaction(async (tx) => {
        const existing = await tx.processingTask.findMany({
          where: { datasourceId: { in: ids }, targetDate },
          select: { id: true, datasourceId: true },
        });
        const have = new Set(existing.map((t) => t.datasourceId));
        await tx.processingTask.createMany({
          data: ids.filter((id) => !have.has(id)).map((datasourceId) => ({ datasourceId, targetDate })),
          skipDuplicates: true,
        });
        if (filter.forceCreate && existing.length) {
          await tx.processingTask.updateMany({
            where: { id: { in: existing.map((t) => t.id) } },
            data: { status: 'pending', errorMessage: null, completedAt: null },
          });
        }
        const wanted = filter.forceCreate ? ids : ids.filter((id) => !have.has(id));
        const tasks = await tx.processingTask.findMany({
          where: { datasourceId: { in: wanted }, targetDate },
          select: { id: true, datasourceId: true, updatedAt: true },
        });
        return { matched: ids.length, tasks: tasks.map(toQueued) };
      });
    },

    /** The oldest pending crawl tasks of active datasources (of one date, when given). */
    async pending(options: { limit?: number; targetDate?: string } = {}): Promise<QueuedTask[]> {
      const tasks = await prisma.processingTask.findMany({
        where: {
          status: 'pending',
          datasource: { isActive: true },
          ...(options.targetDate ? { targetDate: dateColumn(options.targetDate) } : {}),
        },
        orderBy: { createdAt: 'asc' },
        take: options.limit,
        select: { id: true, datasourceId: true, updatedAt: true },
      });
      return tasks.map(toQueued);
    },

    /**
     * The crawler starts the task it was given (another attempt), or, for a scheduled crawl or a task
     * cleaned up meanwhile, the day's row of the datasource (made when missing). The task's id.
     */
    async start(datasourceId: string, taskId: string | undefined, now: Date): Promise<string> {
      if (taskId) {
        const updated = await prisma.processingTask.updateMany({
          where: { id: taskId, datasourceId },
          data: { status: 'processing', attempts: { increment: 1 }, startedAt: now },
        });
        if (updated.count === 1) return taskId;
      }
      const targetDate = dateColumn(now.toISOString().slice(0, 10));
      const task = await prisma.processingTask.upsert({
        where: { datasourceId_targetDate: { datasourceId, targetDate } },
        create: { datasourceId, targetDate, status: 'processing', attempts: 1, startedAt: now },
        update: { status: 'processing', attempts: { increment: 1 }, startedAt: now, errorMessage: null },
        select: { id: true },
      });
      return task.id;
    },

    /** The crawl failed: the task says why (and what it found before failing). */
    async fail(
      taskId: string,
      data: { postsFound?: number; errorMessage?: string; metadata?: Record<string, unknown> },
    ): Promise<void> {
      await prisma.processingTask.update({
        where: { id: taskId },
        data: {
          status: 'failed',
          postsFound: data.postsFound,
          errorMessage: data.errorMessage ?? null,
          completedAt: new Date(),
          ...(data.metadata ? { metadata: data.metadata as Prisma.InputJsonValue } : {}),
        },
      });
    },
  };
}
