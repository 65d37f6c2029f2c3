import { defineProcessor } from '@app/queue';
import { UnrecoverableError } from 'bullmq';
import type { PodcastDeps } from '../podcast/deps.ts';
import { TaskBusyError } from '@app/tasks/podcast';
import { generatePodcast, markFailed, PodcastFailure } from '../podcast/generate.ts';

/** One podcast task; retried with backoff, resuming from the chunks already made. */
export function generatePodcastProcessor(deps: Omit<PodcastDeps, 'log'>) {
  return defineProcessor({
    name: 'generate-podcast',
    async handle(payload, { job, log, progress }) {
      const jobId = String(job.id);
      try {
        const result = await generatePodcast({ ...deps, log }, payload.taskId, jobId, log, progress);
        await progress(100);
        return result;
      } catch (error) {
        if (error instanceof TaskBusyError) throw error;
        const attempts = job.opts.attempts ?? 1;
        const final = error instanceof PodcastFailure && !error.retryable;
        if (final || job.attemptsMade + 1 >= attempts) {
          await markFailed({ ...deps, log }, payload.taskId, jobId, error);
        }
        // A failure no retry mends (no speech engine) is not tried again; the admin's re-run is.
        if (final) throw new UnrecoverableError((error as Error).message);
        throw error;
      }
    },
  });
}
