import { env, workerEnvShape, z } from '@app/config';
import { priceTableEnv } from '@app/usage';

export const summarizerConfigSchema = z.object({
  // NODE_ENV, DATABASE_URL, REDIS_URL, LOG_LEVEL and WORKER_CONCURRENCY, documented in @app/config.
  ...workerEnvShape,
  /** /healthz, /readyz and /metrics; a fixed port per service so all of them can share one host. */
  HEALTH_PORT: env.port(9102),
  /** Any OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM). */
  OPENAI_BASE_URL: z.url().optional(),
  /** Unset: summaries come from the offline extractive summarizer (labelled so in metadata). */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** Embeddings model of the same provider, for matching stories across languages. */
  OPENAI_EMBEDDING_MODEL: z.string().default('text-embedding-3-small'),
  /**
   * Cross-language (EN ↔ ZH) story matching through the provider's embeddings. Default: on when
   * OPENAI_API_KEY is set; set false for a provider without an embeddings endpoint. Off: stories
   * match within one language only (the start-up log says so).
   */
  STORIES_CROSS_LANGUAGE: env.booleanString.optional(),
  /** Registers the story backlog scheduler. Default: on, except NODE_ENV=test. */
  STORIES_SCHEDULER: env.booleanString.optional(),
  /** Cron (UTC) of the job that clusters summaries still without a story (the backfill, lost jobs). */
  STORIES_BACKLOG_CRON: z.string().default('*/10 * * * *'),
  /**
   * Model prices for the usage and cost records: JSON `{"<model>": {"input": usd, "output": usd}}` per
   * million tokens, `{"<model>": {"characters": usd}}` per million characters for speech. Unset: the
   * default table in @app/usage; a model missing from the table is recorded with cost unknown.
   */
  AI_PRICES: priceTableEnv,
  /** Characters of post text sent to the model. */
  SUMMARY_MAX_INPUT_CHARS: z.coerce.number().int().min(500).max(200_000).default(12_000),
  /** Posts of one crawl's summarize-posts job summarised at the same time (each job of WORKER_CONCURRENCY). */
  SUMMARY_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
});

export type SummarizerConfig = z.infer<typeof summarizerConfigSchema>;
