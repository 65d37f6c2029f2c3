import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env, workerEnvShape, z } from '@app/config';
import { isValidTimeZone } from '@app/time/zone';
import { priceTableEnv } from '@app/usage';
import { storageEnvIssues, storageEnvShape } from '@app/storage';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Same default as the gateway's, so both read and write one place when nothing is configured. */
export const DEFAULT_STORAGE_DIR = path.resolve(here, '../../../.data/storage');

export const podcastConfigSchema = z
  .object({
    // NODE_ENV, DATABASE_URL, REDIS_URL, LOG_LEVEL and WORKER_CONCURRENCY, documented in @app/config.
    ...workerEnvShape,
    /** /healthz, /readyz and /metrics; a fixed port per service so all of them can share one host. */
    HEALTH_PORT: env.port(9103),
    /** Local object storage root (bucket folders below it); the gateway must read the same directory. */
    STORAGE_DIR: z.string().min(1).default(DEFAULT_STORAGE_DIR),
    /** Chunk files of unfinished podcasts (kept across crashes). Default: {STORAGE_DIR}/_work/podcast. */
    PODCAST_WORK_DIR: z.string().min(1).optional(),
    // STORAGE_DRIVER (local|s3) and the S3_* keys, documented in @app/storage; the gateway reads the same.
    ...storageEnvShape,
    /** OpenAI-compatible endpoint for the script (chat) and the speech (audio.speech). */
    OPENAI_BASE_URL: z.url().optional(),
    /** Unset: the script is assembled from the summaries and speech uses espeak-ng. */
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_MODEL: z.string().min(1).optional(),
    /**
     * Model prices for the usage and cost records: JSON `{"<model>": {"input": usd, "output": usd}}` per
     * million tokens, `{"<model>": {"characters": usd}}` per million characters for speech. Unset: the
     * default table in @app/usage; a model missing from the table is recorded with cost unknown.
     */
    AI_PRICES: priceTableEnv,
    /** Speech model (e.g. gpt-4o-mini-tts, tts-1); with a key, speech goes to audio.speech. */
    OPENAI_TTS_MODEL: z.string().min(1).optional(),
    OPENAI_TTS_VOICE: z.string().min(1).default('alloy'),
    /**
     * auto: OpenAI when OPENAI_API_KEY and OPENAI_TTS_MODEL are set, else the espeak-ng program when
     * installed, else espeak-ng from npm (espeak-wasm: WebAssembly, installed by `pnpm install`).
     * none: no speech; podcasts then fail with the reason no_speech_engine, their transcript kept.
     */
    PODCAST_TTS_ENGINE: z.enum(['auto', 'openai', 'espeak', 'espeak-wasm', 'none']).default('auto'),
    /** auto: ffmpeg when installed, else the JavaScript encoder (lamejs). */
    PODCAST_ENCODER: z.enum(['auto', 'ffmpeg', 'lamejs']).default('auto'),
    /**
     * Worker threads for the npm espeak-ng and the lamejs encoder. Each holds a compiled espeak-ng and
     * its working memory while it works, and ends after a minute idle; one speaks far faster than real
     * time, so more only help a service that makes many podcasts at once.
     */
    PODCAST_AUDIO_THREADS: z.coerce.number().int().min(1).max(8).default(1),
    /** espeak-ng words per minute (the program and the npm engine). */
    PODCAST_ESPEAK_RATE: z.coerce.number().int().min(80).max(400).default(165),
    /** Longest script piece sent to one speech call (OpenAI's limit is 4096 characters). */
    PODCAST_CHUNK_CHARS: z.coerce.number().int().min(200).max(4000).default(1500),
    /** Register the daily job scheduler. Default: on, except under NODE_ENV=test. */
    PODCAST_SCHEDULER: env.booleanString.optional(),
    /** When the daily podcasts are made (cron, in PODCAST_TZ); they cover the day before. */
    PODCAST_CRON: z.string().min(9).default('30 0 * * *'),
    PODCAST_TZ: z.string().min(1).default('UTC'),
    /** A task in processing whose worker has not reported for this long counts as abandoned. */
    PODCAST_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** Stories read into one script (the newest; a story told once, however many summaries it has). */
    PODCAST_MAX_SUMMARIES: z.coerce.number().int().min(1).max(200).default(12),
  })
  .superRefine((config, ctx) => {
    for (const issue of storageEnvIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
    if (!isValidTimeZone(config.PODCAST_TZ))
      ctx.addIssue({ code: 'custom', path: ['PODCAST_TZ'], message: 'unknown time zone' });
  });

export type PodcastConfig = z.infer<typeof podcastConfigSchema>;
