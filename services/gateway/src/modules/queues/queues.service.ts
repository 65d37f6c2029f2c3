import {
  ADMIN_MESSAGES,
  AppError,
  type ActiveJob,
  type FailedJob,
  JOB_STATES,
  QUEUE_NAMES,
  type QueueName,
} from '@app/contracts';
import { redactJobData } from '../../lib/redact-job-data.ts';
import type { ServiceContext } from '../context.ts';

export type QueuesService = ReturnType<typeof createQueuesService>;

/** Failed jobs listed per queue (newest first). */
const FAILED_PER_QUEUE = 50;
/** Active jobs listed per queue. */
const ACTIVE_PER_QUEUE = 20;

/** BullMQ's progress is a number or whatever object the worker reported: the view shows a percentage. */
const progressOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The repositories this service is given (its module's index.ts hands it these only). */
export const QUEUES_REPOS = [] as const;

/** The admin's view of the job queues: counts per state, the failed jobs with their error, retry. */
export function createQueuesService(ctx: ServiceContext<(typeof QUEUES_REPOS)[number]>) {
  async function queueOverview(name: QueueName) {
    const queue = ctx.producer.queue(name);
    const [counts, failedJobs, activeJobs] = await Promise.all([
      queue.getJobCounts(...JOB_STATES),
      queue.getFailed(0, FAILED_PER_QUEUE - 1),
      queue.getActive(0, ACTIVE_PER_QUEUE - 1),
    ]);
    const active: ActiveJob[] = activeJobs
      .filter((job) => job?.id)
      .map((job) => ({
        queue: name,
        id: String(job.id),
        name: job.name,
        progress: progressOf(job.progress),
        started_at: job.processedOn ? new Date(job.processedOn).toISOString() : null,
        data: redactJobData(job.data),
      }));
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
    const normalized = Object.fromEntries(JOB_STATES.map((state) => [state, counts[state] ?? 0])) as Record<
      (typeof JOB_STATES)[number],
      number
    >;
    return { queue: { name, counts: normalized }, active, failed };
  }

  return {
    /** Every queue's counts, and the latest failed jobs of all queues, newest first. */
    async overview() {
      const perQueue = await Promise.all((Object.values(QUEUE_NAMES) as QueueName[]).map(queueOverview));
      return {
        queues: perQueue.map((q) => q.queue),
        active: perQueue.flatMap((q) => q.active),
        failed: perQueue
          .flatMap((q) => q.failed)
          .sort((a, b) => (b.failed_at ?? '').localeCompare(a.failed_at ?? '')),
      };
    },

    /** Moves a failed job back to waiting: 404 for an unknown job, 409 for one that has not failed. */
    async retry(queueName: QueueName, jobId: string, requestId: string) {
      const job = await ctx.producer.queue(queueName).getJob(jobId);
      if (!job) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.jobNotFound);
      const state = await job.getState();
      if (state !== 'failed') throw new AppError('CONFLICT', ADMIN_MESSAGES.jobNotFailed);
      await job.retry('failed');
      ctx.logger.info({ queue: queueName, jobId: job.id, requestId }, 'admin retried a failed job');
      return { success: true as const };
    },
  };
}
