import { defineProcessor } from '@app/queue';
import type { PodcastDeps } from '../podcast/deps.ts';
import { generatePodcast, markFailed, TaskBusyError } from '../podcast/generate.ts';

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
        const attempts = job.opts.attempts ?? 1;
        if (!(error instanceof TaskBusyError) && job.attemptsMade + 1 >= attempts) {
          await markFailed({ ...deps, log }, payload.taskId, jobId, (error as Error).message);
        }
        throw error;
      }
    },
  });
}
