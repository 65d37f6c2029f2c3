import { closePrisma, getPrisma, type PrismaClient } from '@app/db';
import { createLlm, type Llm } from '@app/llm';
import { createLogger, type Logger } from '@app/logger';
import { type RunningService, startWorkerService } from '@app/queue';
import type { SummarizerConfig } from './config.ts';
import { summarizeDatasourceDayProcessor } from './processors/summarize-datasource-day.processor.ts';
import { summarizePostProcessor } from './processors/summarize-post.processor.ts';
import { summarizePostsProcessor } from './processors/summarize-posts.processor.ts';

export const SERVICE_NAME = 'summarizer';

export type ServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the shared client. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. */
  prefix?: string;
  /** Default: built from OPENAI_* (no key: the offline extractive summarizer). */
  llm?: Llm;
};

/** The summarizer: one summary per post and language, and daily per-datasource summaries. */
export async function startService(
  config: SummarizerConfig,
  overrides: ServiceOverrides = {},
): Promise<RunningService> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
  const prisma = overrides.prisma ?? getPrisma();
  const llm =
    overrides.llm ??
    createLlm({ baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL });
  logger.info({ llm: llm.isConfigured ? llm.model : 'offline extractive' }, 'summary generator');
  const deps = { prisma, llm, maxInputChars: config.SUMMARY_MAX_INPUT_CHARS };
  return startWorkerService({
    service: SERVICE_NAME,
    logger,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    prefix: overrides.prefix,
    healthPort: config.HEALTH_PORT,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    processors: [
      summarizePostProcessor(deps),
      summarizePostsProcessor({ ...deps, batchConcurrency: config.SUMMARY_BATCH_CONCURRENCY }),
      summarizeDatasourceDayProcessor(deps),
    ],
    readiness: { database: () => prisma.$queryRaw`SELECT 1` },
    // Only the shared client is ours to close; a caller's client stays open for the caller.
    onClose: overrides.prisma ? undefined : closePrisma,
  });
}
