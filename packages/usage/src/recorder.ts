import type { PrismaClient } from '@app/db';
import type { UsageEvent, UsageSink } from '@app/llm';
import type { Logger } from '@app/logger';
import { costMicros, type PriceTable } from './prices.ts';

export type UsageRecorder = {
  /** Stores one call with its cost; never throws (a lost row is logged, the feature goes on). */
  record: UsageSink;
};

const clampInt = (value: number) => Math.max(0, Math.min(2_147_483_647, Math.round(value || 0)));

/** Writes each model or fallback call to ai_usage, priced from the table. */
export function createUsageRecorder(deps: {
  prisma: PrismaClient;
  prices: PriceTable;
  log: Pick<Logger, 'warn'>;
}): UsageRecorder {
  return {
    async record(event: UsageEvent) {
      const cost = costMicros(deps.prices, event);
      try {
        await deps.prisma.aiUsage.create({
          data: {
            feature: event.feature.slice(0, 64),
            provider: event.provider.slice(0, 128),
            model: event.model.slice(0, 128),
            inputTokens: clampInt(event.inputTokens),
            outputTokens: clampInt(event.outputTokens),
            characters: clampInt(event.characters),
            latencyMs: clampInt(event.latencyMs),
            success: event.success,
            costMicros: cost === null ? null : BigInt(cost),
            errorMessage: event.error?.slice(0, 300) ?? null,
            topicId: event.topicId ?? null,
            userId: event.userId ?? null,
            generationTaskId: event.generationTaskId ?? null,
          },
        });
      } catch (error) {
        deps.log.warn({ err: error, feature: event.feature }, 'usage row not recorded');
      }
    },
  };
}
