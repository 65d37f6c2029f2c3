import { env, workerEnvShape, z } from '@app/config';
import { priceTableEnv } from '@app/usage';

export const contentGenerationConfigSchema = z.object({
  // NODE_ENV, DATABASE_URL, REDIS_URL, LOG_LEVEL and WORKER_CONCURRENCY, documented in @app/config.
  ...workerEnvShape,
  /** /healthz, /readyz and /metrics; a fixed port per service so all of them can share one host. */
  HEALTH_PORT: env.port(9104),
  /** Any OpenAI-compatible endpoint; without OPENAI_API_KEY the template generator writes the copy. */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  /**
   * Model prices for the usage and cost records: JSON `{"<model>": {"input": usd, "output": usd}}` per
   * million tokens, `{"<model>": {"characters": usd}}` per million characters for speech. Unset: the
   * default table in @app/usage; a model missing from the table is recorded with cost unknown.
   */
  AI_PRICES: priceTableEnv,
  /** How long a job's lock lives without renewal: a killed worker's task is picked up by another after this. */
  GENERATION_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** How often undispatched pending tasks (Redis was away when they were created) are re-added to the queue. */
  GENERATION_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(5000),
});

export type ContentGenerationConfig = z.infer<typeof contentGenerationConfigSchema>;
