import { AppError, type GenerationQuota, type UsageFigures, type UsageResponse } from '@app/contracts';
import { addDays, dateColumn } from '@app/time';
import type { UsageSums } from './usage.repository.ts';
import type { ServiceContext } from '../context.ts';

const DAY_MS = 86_400_000;
const TOP_TOPICS = 10;

const emptyFigures = (): UsageFigures => ({
  calls: 0,
  failed_calls: 0,
  offline_calls: 0,
  input_tokens: 0,
  output_tokens: 0,
  characters: 0,
  cost_usd: 0,
  unpriced_calls: 0,
});

function add(into: UsageFigures, row: UsageSums): UsageFigures {
  into.calls += row.calls;
  into.failed_calls += row.failed_calls;
  into.offline_calls += row.offline_calls;
  into.input_tokens += Number(row.input_tokens);
  into.output_tokens += Number(row.output_tokens);
  into.characters += Number(row.characters);
  // Micro-dollars summed as integers; dollars rounded to the micro-dollar only at the end.
  into.cost_usd = Math.round(into.cost_usd * 1e6 + Number(row.cost_micros ?? 0)) / 1e6;
  into.unpriced_calls += row.unpriced_calls;
  return into;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** First instant of the calendar month (UTC) of `now`, and of the next one. */
export function monthBounds(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, next };
}

export type UsageService = ReturnType<typeof createUsageService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const USAGE_REPOS = ['profiles', 'usage'] as const;

export function createUsageService(ctx: ServiceContext<(typeof USAGE_REPOS)[number]>) {
  const repo = ctx.repos.usage;
  const monthlyQuota = ctx.config.GENERATION_MONTHLY_QUOTA;

  async function quotaOf(
    userId: string,
    profile: { role: string; subscriptionType: string },
  ): Promise<GenerationQuota> {
    // Admins have no quota; users without Pro have no generation at all.
    if (profile.role === 'admin' || profile.subscriptionType !== 'pro') return null;
    const { start, next } = monthBounds(ctx.clock());
    const used = await repo.generationsSince(userId, start);
    return {
      limit: monthlyQuota,
      used,
      left: Math.max(0, monthlyQuota - used),
      resets_at: next.toISOString(),
    };
  }

  return {
    /** The admin Usage tab: per day, feature and provider, and the ten most expensive topics. */
    async report(range: { from: string; to: string }): Promise<UsageResponse> {
      const start = dateColumn(range.from);
      const end = dateColumn(addDays(range.to, 1));
      const [groups, topics] = await Promise.all([
        repo.groups(start, end),
        repo.topTopics(start, end, TOP_TOPICS),
      ]);
      const days = new Map<string, UsageResponse['days'][number]>();
      for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) {
        const date = isoDay(new Date(t));
        days.set(date, { date, ...emptyFigures(), cost_by_feature: {} });
      }
      const features = new Map<string, UsageFigures>();
      const providers = new Map<string, UsageFigures>();
      const totals = emptyFigures();
      for (const row of groups) {
        const day = days.get(row.day);
        if (day) {
          add(day, row);
          day.cost_by_feature[row.feature] =
            Math.round((day.cost_by_feature[row.feature] ?? 0) * 1e6 + Number(row.cost_micros ?? 0)) / 1e6;
        }
        add(features.get(row.feature) ?? features.set(row.feature, emptyFigures()).get(row.feature)!, row);
        add(
          providers.get(row.provider) ?? providers.set(row.provider, emptyFigures()).get(row.provider)!,
          row,
        );
        add(totals, row);
      }
      const byCost = (a: UsageFigures, b: UsageFigures) => b.cost_usd - a.cost_usd || b.calls - a.calls;
      return {
        from: range.from,
        to: range.to,
        totals,
        days: [...days.values()],
        features: [...features].map(([feature, f]) => ({ feature, ...f })).sort(byCost),
        providers: [...providers].map(([provider, f]) => ({ provider, ...f })).sort(byCost),
        top_topics: topics.map((t) => ({
          topic_id: t.topic_id,
          topic_name: t.topic_name,
          calls: t.calls,
          cost_usd: Number(t.cost_micros ?? 0) / 1e6,
          unpriced_calls: t.unpriced_calls,
        })),
      };
    },

    quotaOf,

    /**
     * The quota a new run of this user is checked against (in the same locked transaction as the
     * insert), or null for an admin; `at` is the run's time, `since` its month's start.
     */
    async runQuota(userId: string): Promise<{ limit: number; since: Date; at: Date } | null> {
      const profile = await ctx.repos.profiles.findOrCreate(userId);
      if (profile.role === 'admin') return null;
      const at = ctx.clock();
      return { limit: monthlyQuota, since: monthBounds(at).start, at };
    },

    /** 429 GENERATION_QUOTA_EXHAUSTED: the month's runs are used up. */
    quotaExhausted(): AppError {
      const next = monthBounds(ctx.clock()).next;
      return new AppError(
        'GENERATION_QUOTA_EXHAUSTED',
        `The monthly generation quota (${monthlyQuota}) is used up; it renews on ${next.toISOString().slice(0, 10)}`,
      );
    },

    ofGenerationTasks: repo.ofGenerationTasks,
  };
}
