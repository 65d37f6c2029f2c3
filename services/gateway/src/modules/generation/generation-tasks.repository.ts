import { GENERATION_DEFAULTS } from '@app/contracts';
import type { Prisma, PrismaClient } from '@app/db';
import { createGenerationTasks, QueueBusyError } from '@app/tasks/generation';
import { RateLimitedError } from '../../lib/rate-limited.ts';
import { type HistoryFilters, historyWhere } from './generation.sql.ts';

/** What a history row loads with it: the summary's source, topic and post, and the task's results. */
export const historyInclude = {
  summary: { include: { datasource: true, topic: true, post: { select: { title: true, url: true } } } },
  generatedContent: true,
} as const satisfies Prisma.ContentGenerationQueueInclude;
export type HistoryRow = Prisma.ContentGenerationQueueGetPayload<{ include: typeof historyInclude }>;

/** The user's earlier creates or retries still hold the queue's lock: 429, try again in a moment. */
async function whenFree<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof QueueBusyError)
      throw new RateLimitedError(
        'TOO_MANY_CONCURRENT_REQUESTS',
        'Too many requests at once, please try again in a moment',
        2,
      );
    throw error;
  }
}

export type GenerationTasksRepository = ReturnType<typeof createGenerationTasksRepository>;

/**
 * content_generation_queue for the API: the task's life as @app/tasks runs it (create, retry, cancel,
 * position, status poll, post mode's wait) and the user's history page.
 */
export function createGenerationTasksRepository(prisma: PrismaClient, options: { lockWaitMs?: number } = {}) {
  const tasks = createGenerationTasks(prisma, options);
  const { pendingAhead } = tasks;
  return {
    ...tasks,
    create: (input: Parameters<typeof tasks.create>[0]) => whenFree(() => tasks.create(input)),
    requeue: (...args: Parameters<typeof tasks.requeue>) => whenFree(() => tasks.requeue(...args)),

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
  };
}
