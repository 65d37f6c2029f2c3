import {
  AdminQueuesResponseSchema,
  AppError,
  ADMIN_MESSAGES,
  type FailedJob,
  JOB_STATES,
  QUEUE_NAMES,
  type QueueName,
  RetryJobParamsSchema,
  RetryJobResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { redactJobData } from '../../../lib/redact-job-data.ts';

/** Failed jobs listed per queue (newest first). */
const FAILED_PER_QUEUE = 50;

/** /api/admin/queues: job counts per queue and state, failed jobs with their error, retry. */
const adminQueuesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/queues',
    {
      schema: {
        tags,
        summary: 'Counts per queue and state, and the latest failed jobs with their error',
        response: { 200: AdminQueuesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const names = Object.values(QUEUE_NAMES) as QueueName[];
      const perQueue = await Promise.all(
        names.map(async (name) => {
          const queue = app.producer.queue(name);
          const [counts, failedJobs] = await Promise.all([
            queue.getJobCounts(...JOB_STATES),
            queue.getFailed(0, FAILED_PER_QUEUE - 1),
          ]);
          const failed: FailedJob[] = failedJobs
            .filter((job) => job?.id)
            .map((job) => ({
              queue: name,
              id: String(job.id),
              name: job.name,
              failed_reason: job.failedReason ?? '',
              attempts_made: job.attemptsMade,
              failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
              // Payloads can carry one-time links; admins see their shape, not their secrets.
              data: redactJobData(job.data),
            }));
          const normalized = Object.fromEntries(
            JOB_STATES.map((state) => [state, counts[state] ?? 0]),
          ) as Record<(typeof JOB_STATES)[number], number>;
          return { queue: { name, counts: normalized }, failed };
        }),
      );
      return {
        queues: perQueue.map((q) => q.queue),
        failed: perQueue
          .flatMap((q) => q.failed)
          .sort((a, b) => (b.failed_at ?? '').localeCompare(a.failed_at ?? '')),
      };
    },
  );

  app.post(
    '/queues/:queue/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Moves a failed job back to waiting',
        params: RetryJobParamsSchema,
        response: { 200: RetryJobResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const queue = app.producer.queue(request.params.queue as QueueName);
      const job = await queue.getJob(request.params.id);
      if (!job) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.jobNotFound);
      const state = await job.getState();
      if (state !== 'failed') throw new AppError('CONFLICT', ADMIN_MESSAGES.jobNotFailed);
      await job.retry('failed');
      request.log.info({ queue: request.params.queue, jobId: job.id }, 'admin retried a failed job');
      return { success: true as const };
    },
  );
};

export default adminQueuesRoutes;
