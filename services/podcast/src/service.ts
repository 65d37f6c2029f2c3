import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createLlmFromEnv, type Llm } from '@app/llm';
import { defineWorkerService, type WorkerServiceOverrides } from '@app/queue';
import { createStorage, type ObjectStorage } from '@app/storage';
import { createAudioWorkers } from './audio/audio-workers.ts';
import { resolveEncoder } from './audio/encode.ts';
import { createUsageRecorder } from '@app/usage';
import { findExecutable } from './audio/tools.ts';
import { resolveSpeechEngine, type SpeechEngine, withSpeechUsage } from './audio/tts.ts';
import { podcastConfigSchema } from './config.ts';
import type { PodcastDeps } from './podcast/deps.ts';
import { generatePodcastProcessor } from './processors/generate-podcast.processor.ts';
import { podcastDailyProcessor } from './processors/podcast-daily.processor.ts';

export const SERVICE_NAME = 'podcast';
export const PODCAST_SCHEDULER_ID = 'podcast-daily';

export type ServiceOverrides = WorkerServiceOverrides & {
  llm?: Llm;
  /** null: no speech engine (its podcasts fail with reason no_speech_engine). */
  speech?: SpeechEngine | null;
  /** Where a program is on the PATH; tests hide espeak-ng and ffmpeg through it. */
  findExecutable?: (name: string) => Promise<string | null>;
  storage?: ObjectStorage;
  now?: () => Date;
};

/** The podcast worker: the daily scheduler tick and one job per podcast task. */
export const podcastService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: podcastConfigSchema,
  setup: async ({ config, logger, prisma, producer }, overrides: ServiceOverrides) => {
    // Every script and speech call, and the offline script and espeak-ng speech, go to ai_usage.
    const usage = createUsageRecorder({ prisma, prices: config.AI_PRICES, log: logger });
    const llm = (overrides.llm ?? createLlmFromEnv(config)).withUsage(usage.record);
    // Threads start with the first chunk to speak or encode in JavaScript (never, with ffmpeg and OpenAI).
    const audio = createAudioWorkers({
      threads: Math.min(config.PODCAST_AUDIO_THREADS, availableParallelism()),
      onError: (error) => logger.error({ err: error }, 'audio worker thread failed'),
    });
    const find = overrides.findExecutable ?? findExecutable;
    const choice =
      overrides.speech !== undefined
        ? { engine: overrides.speech, reason: 'set by the caller' }
        : await resolveSpeechEngine(config, { audio, findExecutable: find });
    const speech = choice.engine ? withSpeechUsage(choice.engine, usage.record) : null;
    const encoder = await resolveEncoder(config.PODCAST_ENCODER, find);
    const storage = overrides.storage ?? createStorage(config);
    const deps: Omit<PodcastDeps, 'log'> = {
      prisma,
      llm,
      speech,
      speechReason: choice.reason,
      encoder,
      audio,
      storage,
      producer,
      workDir: config.PODCAST_WORK_DIR ?? path.join(config.STORAGE_DIR, '_work', 'podcast'),
      chunkChars: config.PODCAST_CHUNK_CHARS,
      espeakRate: config.PODCAST_ESPEAK_RATE,
      leaseMs: config.PODCAST_LEASE_SECONDS * 1000,
      timeZone: config.PODCAST_TZ,
      maxSummaries: config.PODCAST_MAX_SUMMARIES,
      now: overrides.now ?? (() => new Date()),
    };
    const speechName = speech?.name ?? 'none';
    logger[speech ? 'info' : 'warn'](
      {
        speech: speechName,
        speechReason: choice.reason,
        encoder,
        storage: storage.kind,
        script: llm.isConfigured ? 'llm' : 'offline',
      },
      `podcast engines: speech ${speechName} (${choice.reason}), MP3 by ${encoder}`,
    );
    return {
      processors: [podcastDailyProcessor(deps), generatePodcastProcessor(deps)],
      schedulers:
        (config.PODCAST_SCHEDULER ?? config.NODE_ENV !== 'test')
          ? [
              {
                id: PODCAST_SCHEDULER_ID,
                repeat: { pattern: config.PODCAST_CRON, tz: config.PODCAST_TZ },
                template: { name: 'podcast-daily', data: {} },
              },
            ]
          : [],
      close: async () => {
        await audio.close();
        if (!overrides.storage) await storage.close();
      },
    };
  },
});

export const startService = podcastService.start;
