import type { PrismaClient } from '@app/db';
import { createCrawlTasks } from '@app/tasks/crawl';

export type { QueuedTask } from '@app/tasks/crawl';
export type CrawlTasksRepository = ReturnType<typeof createCrawlTasksRepository>;

/** processing_tasks for the admin's crawl calls: the task's life is @app/tasks. */
export function createCrawlTasksRepository(prisma: PrismaClient) {
  const tasks = createCrawlTasks(prisma);
  return { createForDate: tasks.createForDate, pending: tasks.pending };
}
