import {
  AdminCrawlBodySchema,
  AdminCrawlResponseSchema,
  ProcessPendingBodySchema,
  ProcessPendingResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import type { QueuedTask } from '../../../repositories/pipeline.repository.ts';

/** /api/admin/crawl and /api/admin/process-pending: the spec's master-scheduler calls. */
const adminCrawlRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  /** Enqueues one crawl per task; an enqueue failure is reported per datasource, the rest go on. */
  async function enqueueTasks(tasks: QueuedTask[], requestId: string) {
    const errors: string[] = [];
    let queued = 0;
    for (const task of tasks) {
      try {
        await app.producer.enqueue(
          'crawl-datasource',
          { datasourceId: task.datasourceId, taskId: task.id, requestId },
          { jobId: task.jobKey },
        );
        queued += 1;
      } catch (error) {
        app.log.error({ err: error, taskId: task.id }, 'cannot enqueue crawl');
        errors.push(`datasource ${task.datasourceId}: could not be queued`);
      }
    }
    return { queued, errors };
  }

  app.post(
    '/crawl',
    {
      schema: {
        tags,
        summary: 'Creates a crawl task per matching active datasource for the date and queues the crawls',
        body: AdminCrawlBodySchema,
        response: { 200: AdminCrawlResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const body = request.body;
      const targetDate = body.targetDate ?? new Date().toISOString().slice(0, 10);
      const { matched, tasks } = await app.repos.pipeline.createCrawlTasks({ ...body, targetDate });
      const { queued, errors } = await enqueueTasks(tasks, String(request.id));
      if (matched === 0) errors.push('No active datasources match the filter');
      return { success: errors.length === 0, tasksCreated: queued, errors };
    },
  );

  app.post(
    '/process-pending',
    {
      schema: {
        tags,
        summary: 'Queues up to `limit` pending crawl tasks (process_pending_tasks)',
        body: ProcessPendingBodySchema.default({ limit: 10 }),
        response: { 200: ProcessPendingResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const tasks = await app.repos.pipeline.pendingTasks(request.body.limit);
      const { queued } = await enqueueTasks(tasks, String(request.id));
      return { success: true, data: { processed: queued } };
    },
  );
};

export default adminCrawlRoutes;
