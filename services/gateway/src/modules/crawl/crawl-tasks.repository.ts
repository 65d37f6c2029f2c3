import { type Platform, type PrismaClient, platformFromId } from '@app/db';

export type CrawlTasksRepository = ReturnType<typeof createCrawlTasksRepository>;

export type CrawlTaskFilter = {
  targetDate: string;
  topicIds?: string[];
  platforms?: string[];
  datasourceIds?: string[];
  forceCreate: boolean;
};

/** A task to hand to the crawler, with the job id that keeps it from being queued twice. */
export type QueuedTask = { id: string; datasourceId: string; jobKey: string };

function toQueued(task: { id: string; datasourceId: string; updatedAt: Date }): QueuedTask {
  // The job id changes whenever the task is re-opened, and repeats while it waits: no double crawl.
  return {
    id: task.id,
    datasourceId: task.datasourceId,
    jobKey: `task-${task.id}-${task.updatedAt.getTime()}`,
  };
}

/** processing_tasks: one crawl of one datasource for one date. */
export function createCrawlTasksRepository(prisma: PrismaClient) {
  return {
    /**
     * A pending task per matching active datasource and date (master-scheduler). An existing
     * task is left alone unless forceCreate, which re-opens it. Returns the tasks to enqueue.
     */
    async createForDate(filter: CrawlTaskFilter): Promise<{ matched: number; tasks: QueuedTask[] }> {
      const targetDate = new Date(`${filter.targetDate}T00:00:00Z`);
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

    /** The oldest pending crawl tasks (process_pending_tasks). */
    async pending(limit: number): Promise<QueuedTask[]> {
      const tasks = await prisma.processingTask.findMany({
        where: { status: 'pending', datasource: { isActive: true } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: { id: true, datasourceId: true, updatedAt: true },
      });
      return tasks.map(toQueued);
    },
  };
}
