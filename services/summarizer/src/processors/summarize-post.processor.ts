import { defineProcessor } from '@app/queue';
import { type SummarizeDeps, summarizePost } from '../summarize-post.ts';

export const summarizePostProcessor = (deps: Omit<SummarizeDeps, 'log'>) =>
  defineProcessor({
    name: 'summarize-post',
    handle: (payload, { job, log }) =>
      summarizePost(
        { ...deps, log },
        {
          postId: payload.postId,
          language: payload.language,
          lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        },
      ),
  });
