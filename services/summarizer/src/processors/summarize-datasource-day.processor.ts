import { defineProcessor } from '@app/queue';
import { summarizeDatasourceDay } from '../summarize-day.ts';
import type { SummarizeDeps } from '../summarize-post.ts';

export const summarizeDatasourceDayProcessor = (deps: Omit<SummarizeDeps, 'log'>) =>
  defineProcessor({
    name: 'summarize-datasource-day',
    handle: (payload, { job, log }) =>
      summarizeDatasourceDay(
        { ...deps, log },
        {
          datasourceId: payload.datasourceId,
          date: payload.date,
          lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        },
      ),
  });
