import type { AdminCrawlBody } from '@app/contracts';
import { type Datasource, platformToId } from '@app/db';
import { type HealthState, healthStateOf } from '../../lib/source-health.ts';
import type { QueuedTask } from './crawl-tasks.repository.ts';
import type { ServiceContext } from '../context.ts';

export type CrawlService = ReturnType<typeof createCrawlService>;

function toSourceHealth(datasource: Datasource, now: Date) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: datasource.id,
    source_name: datasource.sourceName,
    platform: platformToId(datasource.platform),
    topic_id: datasource.topicId,
    is_active: datasource.isActive,
    state: healthStateOf(datasource, now),
    last_crawled_at: iso(datasource.lastCrawledAt),
    last_success_at: iso(datasource.lastSuccessAt),
    last_error_at: iso(datasource.lastErrorAt),
    last_error_class: datasource.lastErrorClass,
    last_error_message: datasource.lastErrorMessage,
    consecutive_failures: datasource.consecutiveFailures,
    next_check_at: iso(datasource.nextCheckAt),
  };
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const CRAWL_REPOS = ['crawlTasks', 'datasources'] as const;

/** The admin's crawl calls (the spec's master-scheduler and process_pending_tasks) and source health. */
export function createCrawlService(ctx: ServiceContext<(typeof CRAWL_REPOS)[number]>) {
  const { crawlTasks, datasources } = ctx.repos;

  /** Enqueues one crawl per task; an enqueue failure is reported per datasource, the rest go on. */
  async function enqueueTasks(tasks: QueuedTask[], requestId: string) {
    const errors: string[] = [];
    let queued = 0;
    for (const task of tasks) {
      try {
        await ctx.producer.enqueue(
          'crawl-datasource',
          { datasourceId: task.datasourceId, taskId: task.id, requestId },
          { jobId: task.jobKey },
        );
        queued += 1;
      } catch (error) {
        ctx.logger.error({ err: error, taskId: task.id }, 'cannot enqueue crawl');
        errors.push(`datasource ${task.datasourceId}: could not be queued`);
      }
    }
    return { queued, errors };
  }

  return {
    /** A task per matching active datasource for the date (default: today, UTC), and its crawl queued. */
    async crawl(body: AdminCrawlBody, requestId: string) {
      const targetDate = body.targetDate ?? ctx.clock().toISOString().slice(0, 10);
      const { matched, tasks } = await crawlTasks.createForDate({ ...body, targetDate });
      const { queued, errors } = await enqueueTasks(tasks, requestId);
      if (matched === 0) errors.push('No active datasources match the filter');
      return { success: errors.length === 0, tasksCreated: queued, errors };
    },

    /** Queues up to `limit` of the oldest pending tasks again. */
    async processPending(limit: number, requestId: string) {
      const { queued } = await enqueueTasks(await crawlTasks.pending({ limit }), requestId);
      return { success: true, data: { processed: queued } };
    },

    /** Every datasource's crawl health (of a platform), with the count per state before the state filter. */
    async sourceHealth(query: { platform?: string; state?: HealthState }) {
      const now = ctx.clock();
      const rows = (await datasources.forHealth({ platform: query.platform })).map((d) =>
        toSourceHealth(d, now),
      );
      const counts: Record<HealthState, number> = {
        healthy: 0,
        failing: 0,
        stale: 0,
        never_crawled: 0,
        inactive: 0,
      };
      for (const row of rows) counts[row.state] += 1;
      const data = query.state ? rows.filter((row) => row.state === query.state) : rows;
      return { data, counts };
    },
  };
}
