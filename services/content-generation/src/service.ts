import { QUEUE_NAMES } from '@app/contracts';
import { createLlmFromEnv, type Llm } from '@app/llm';
import { defineWorkerService, type RunningService, type WorkerServiceOverrides } from '@app/queue';
import { createUsageRecorder } from '@app/usage';
import { contentGenerationConfigSchema } from './config.ts';
import { sweepUndispatched } from '@app/tasks/generation';
import { createGenerateContentProcessor } from './processors/generate-content.ts';
import { generationSweepProcessor } from './processors/generation-sweep.processor.ts';

export const SERVICE_NAME = 'content-generation';
export const GENERATION_SWEEP_SCHEDULER_ID = 'generation-sweep';

export type ServiceOverrides = WorkerServiceOverrides & {
  /** Default: @app/llm from OPENAI_* (not configured without a key → template generator). */
  llm?: Llm;
};

export type ContentGenerationService = RunningService & {
  /** One outbox sweep now (the scheduler runs one every GENERATION_SWEEP_MS); resolves to the jobs added. */
  sweep(): Promise<number>;
};

/**
 * The generation worker: runs 'generate-content' jobs (one content_generation_queue row each) and,
 * on a job scheduler, sweeps pending rows whose job never reached the queue.
 */
export const contentGenerationService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: contentGenerationConfigSchema,
  // How soon a killed worker's task is picked up by another.
  lockMs: (config) => config.GENERATION_LOCK_MS,
  setup: ({ config, logger, prisma, producer }, overrides: ServiceOverrides) => {
    // Every model call and every template copy is recorded in ai_usage, with the task and user.
    const usage = createUsageRecorder({ prisma, prices: config.AI_PRICES, log: logger });
    const llm = (overrides.llm ?? createLlmFromEnv(config)).withUsage(usage.record);
    if (!llm.isConfigured) logger.info('no OPENAI_API_KEY: social copy comes from the template generator');
    const queue = producer.queue(QUEUE_NAMES.generation);
    return {
      processors: [
        createGenerateContentProcessor({ prisma, llm }),
        generationSweepProcessor({ prisma, queue }),
      ],
      // Always on, tests included: a task whose enqueue failed has no other way into the queue.
      schedulers: [
        {
          id: GENERATION_SWEEP_SCHEDULER_ID,
          repeat: { every: config.GENERATION_SWEEP_MS },
          template: { name: 'generation-sweep', data: {} },
        },
      ],
      expose: { sweep: () => sweepUndispatched(prisma, queue, logger) },
    };
  },
});

export const startService = contentGenerationService.start;
