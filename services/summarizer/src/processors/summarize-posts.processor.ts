import { defineProcessor } from '@app/queue';
import { type SummarizeDeps, summarizePosts } from '../summarize-post.ts';

export const summarizePostsProcessor = (deps: Omit<SummarizeDeps, 'log'> & { batchConcurrency: number }) =>
  defineProcessor({
    name: 'summarize-posts',
    handle: (payload, { job, log, progress }) =>
      summarizePosts(
        { ...deps, log },
        {
          postIds: payload.postIds,
          language: payload.language,
          lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
          concurrency: deps.batchConcurrency,
          onProgress: (done, total) => progress(Math.round((done / total) * 100)),
        },
      ),
  });
