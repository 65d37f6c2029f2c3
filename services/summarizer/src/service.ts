import { createLlmFromEnv, type Llm } from '@app/llm';
import { defineWorkerService, type WorkerServiceOverrides } from '@app/queue';
import { createUsageRecorder } from '@app/usage';
import { summarizerConfigSchema } from './config.ts';
import { summarizeDatasourceDayProcessor } from './processors/summarize-datasource-day.processor.ts';
import { summarizePostProcessor } from './processors/summarize-post.processor.ts';
import { summarizePostsProcessor } from './processors/summarize-posts.processor.ts';

export const SERVICE_NAME = 'summarizer';

export type ServiceOverrides = WorkerServiceOverrides & {
  /** Default: built from OPENAI_* (no key: the offline extractive summarizer). */
  llm?: Llm;
};

/** The summarizer: one summary per post and language, and daily per-datasource summaries. */
export const summarizerService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: summarizerConfigSchema,
  setup: ({ config, logger, prisma }, overrides: ServiceOverrides) => {
    // Every model call and every offline summary is recorded in ai_usage.
    const usage = createUsageRecorder({ prisma, prices: config.AI_PRICES, log: logger });
    const llm = (overrides.llm ?? createLlmFromEnv(config)).withUsage(usage.record);
    logger.info({ llm: llm.isConfigured ? llm.model : 'offline extractive' }, 'summary generator');
    const deps = { prisma, llm, maxInputChars: config.SUMMARY_MAX_INPUT_CHARS };
    return {
      processors: [
        summarizePostProcessor(deps),
        summarizePostsProcessor({ ...deps, batchConcurrency: config.SUMMARY_BATCH_CONCURRENCY }),
        summarizeDatasourceDayProcessor(deps),
      ],
    };
  },
});

export const startService = summarizerService.start;
