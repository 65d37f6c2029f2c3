import { createLlmFromEnv, type Llm } from '@app/llm';
import { defineWorkerService, type WorkerServiceOverrides } from '@app/queue';
import { createUsageRecorder } from '@app/usage';
import { summarizerConfigSchema } from './config.ts';
import { clusterBacklogProcessor } from './processors/cluster-backlog.processor.ts';
import { clusterSummaryProcessor } from './processors/cluster-summary.processor.ts';
import { summarizeDatasourceDayProcessor } from './processors/summarize-datasource-day.processor.ts';
import { summarizePostProcessor } from './processors/summarize-post.processor.ts';
import { summarizePostsProcessor } from './processors/summarize-posts.processor.ts';

export const SERVICE_NAME = 'summarizer';
export const STORY_BACKLOG_SCHEDULER_ID = 'story-backlog';

export type ServiceOverrides = WorkerServiceOverrides & {
  /** Default: built from OPENAI_* (no key: the offline extractive summarizer). */
  llm?: Llm;
};

/** The summarizer: one summary per post and language, daily per-datasource summaries, and their stories. */
export const summarizerService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: summarizerConfigSchema,
  setup: async ({ config, logger, prisma, producer }, overrides: ServiceOverrides) => {
    // Every model call and every offline summary is recorded in ai_usage.
    const usage = createUsageRecorder({ prisma, prices: config.AI_PRICES, log: logger });
    const llm = (overrides.llm ?? createLlmFromEnv(config)).withUsage(usage.record);
    logger.info({ llm: llm.isConfigured ? llm.model : 'offline extractive' }, 'summary generator');
    const crossLanguage = config.STORIES_CROSS_LANGUAGE ?? llm.isConfigured;
    logger.info(
      crossLanguage
        ? {
            stories: 'same-language text match; cross-language by embeddings',
            model: config.OPENAI_EMBEDDING_MODEL,
          }
        : { stories: 'same-language text match only: cross-language matching is off (no LLM provider)' },
      'story clustering',
    );
    const deps = {
      prisma,
      llm,
      maxInputChars: config.SUMMARY_MAX_INPUT_CHARS,
      // One clustering job per summary id: a re-run of the summary does not queue it twice.
      onSummaryStored: (summaryId: string) =>
        producer.enqueue('cluster-summary', { summaryId }, { jobId: `story-${summaryId}` }),
    };
    const cluster = {
      prisma,
      llm,
      crossLanguage,
      continueBacklog: (limit: number) => producer.enqueue('cluster-backlog', { limit }),
    };
    const scheduled = config.STORIES_SCHEDULER ?? config.NODE_ENV !== 'test';
    // A start does not wait for the first cron slot: summaries seeded or left without a story, and
    // an upgraded database's fingerprints of an older rule, are clustered at once. One such job at
    // a time across replicas (its id), gone once done so the next start can add it again.
    if (scheduled)
      await producer.enqueue(
        'cluster-backlog',
        {},
        { jobId: 'story-backlog-at-start', removeOnComplete: true },
      );
    return {
      processors: [
        summarizePostProcessor(deps),
        summarizePostsProcessor({ ...deps, batchConcurrency: config.SUMMARY_BATCH_CONCURRENCY }),
        summarizeDatasourceDayProcessor(deps),
        clusterSummaryProcessor(cluster),
        clusterBacklogProcessor(cluster),
      ],
      schedulers: scheduled
        ? [
            {
              id: STORY_BACKLOG_SCHEDULER_ID,
              repeat: { pattern: config.STORIES_BACKLOG_CRON, tz: 'UTC' },
              template: { name: 'cluster-backlog', data: {} },
            },
          ]
        : [],
    };
  },
});

export const startService = summarizerService.start;
