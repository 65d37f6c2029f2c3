import type { GenerationUsage } from '@app/contracts';
import { Prisma, type PrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import { createUsageRecorder, type PriceTable } from '@app/usage';
import { quotaRunsSince } from '@app/tasks/generation';

/** Sums of one group of ai_usage rows, as PostgreSQL returns them (bigint sums as strings or bigints). */
export type UsageSums = {
  calls: number;
  failed_calls: number;
  offline_calls: number;
  input_tokens: bigint | number;
  output_tokens: bigint | number;
  characters: bigint | number;
  cost_micros: bigint | number | null;
  unpriced_calls: number;
};

export type UsageGroupRow = UsageSums & { day: string; feature: string; provider: string };
export type TopicUsageRow = {
  topic_id: string;
  topic_name: string | null;
  calls: number;
  cost_micros: bigint | number | null;
  unpriced_calls: number;
};

const SUMS = Prisma.sql`
  count(*)::int AS calls,
  count(*) FILTER (WHERE NOT success)::int AS failed_calls,
  count(*) FILTER (WHERE provider = 'offline')::int AS offline_calls,
  coalesce(sum(input_tokens), 0)::bigint AS input_tokens,
  coalesce(sum(output_tokens), 0)::bigint AS output_tokens,
  coalesce(sum(characters), 0)::bigint AS characters,
  coalesce(sum(cost_micros), 0)::bigint AS cost_micros,
  count(*) FILTER (WHERE cost_micros IS NULL)::int AS unpriced_calls`;

/** ai_usage: what the model calls of every feature used and cost. */
export function createUsageRepository(prisma: PrismaClient) {
  return {
    /** Where the gateway's own model calls are recorded (the workers' recorder, priced from `prices`). */
    recorder: (prices: PriceTable, log: Pick<Logger, 'warn'>) => createUsageRecorder({ prisma, prices, log }),

    /** Sums per UTC day, feature and provider over [start, end). */
    groups(start: Date, end: Date) {
      return prisma.$queryRaw<UsageGroupRow[]>`
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, feature, provider, ${SUMS}
        FROM ai_usage
        WHERE created_at >= ${start} AND created_at < ${end}
        GROUP BY 1, 2, 3`;
    },

    /** The `limit` topics whose calls cost the most over [start, end). */
    topTopics(start: Date, end: Date, limit: number) {
      return prisma.$queryRaw<TopicUsageRow[]>`
        SELECT u.topic_id::text AS topic_id, t.name AS topic_name, count(*)::int AS calls,
               coalesce(sum(u.cost_micros), 0)::bigint AS cost_micros,
               count(*) FILTER (WHERE u.cost_micros IS NULL)::int AS unpriced_calls
        FROM ai_usage u LEFT JOIN topics t ON t.id = u.topic_id
        WHERE u.topic_id IS NOT NULL AND u.created_at >= ${start} AND u.created_at < ${end}
        GROUP BY u.topic_id, t.name
        ORDER BY 4 DESC, 3 DESC
        LIMIT ${limit}`;
    },

    /** What each of these generation tasks used, by task id. */
    async ofGenerationTasks(taskIds: string[]): Promise<Map<string, GenerationUsage>> {
      if (taskIds.length === 0) return new Map();
      const rows = await prisma.aiUsage.groupBy({
        by: ['generationTaskId', 'model', 'provider'],
        where: { generationTaskId: { in: taskIds } },
        _count: { _all: true, costMicros: true },
        _sum: { inputTokens: true, outputTokens: true, costMicros: true },
      });
      const usage = new Map<string, GenerationUsage>();
      for (const row of rows) {
        const id = row.generationTaskId as string;
        const entry = usage.get(id) ?? {
          calls: 0,
          offline_calls: 0,
          input_tokens: 0,
          output_tokens: 0,
          cost_usd: 0,
          models: [],
        };
        const calls = row._count._all;
        entry.calls += calls;
        if (row.provider === 'offline') entry.offline_calls += calls;
        entry.input_tokens += row._sum.inputTokens ?? 0;
        entry.output_tokens += row._sum.outputTokens ?? 0;
        // A call without a price makes the task's cost unknown.
        entry.cost_usd =
          entry.cost_usd === null || row._count.costMicros < calls
            ? null
            : entry.cost_usd + Number(row._sum.costMicros ?? 0n) / 1e6;
        if (!entry.models.includes(row.model)) entry.models.push(row.model);
        usage.set(id, entry);
      }
      return usage;
    },

    /**
     * The user's generation tasks that use the monthly quota since `start`: every task waiting, running
     * or done, and every task one of whose model (or template) calls succeeded, even if it failed,
     * was cancelled or deleted since. A task that failed without a successful call does not count.
     */
    /** Generation runs counted against the monthly quota since `start` (see QUOTA_RUNS_SQL). */
    generationsSince: (userId: string, start: Date) => quotaRunsSince(prisma, userId, start),
  };
}
