import { z } from 'zod';

// Model usage and cost (GET /api/admin/usage) and the Pro generation quota.

/** Longest range one usage request may cover, in days. */
export const USAGE_MAX_SPAN_DAYS = 366;
/** Days covered when `from` is not given. */
export const USAGE_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * from/to are UTC calendar days, both included. Unset: the last 30 days up to today (UTC);
 * from after to, or a span over 366 days, is a 400.
 */
export const UsageQuerySchema = z
  .object({
    from: z.iso.date({ error: 'Expected a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'Expected a date (YYYY-MM-DD)' }).optional(),
  })
  .transform((query) => {
    const to = query.to ?? isoDay(new Date());
    const from = query.from ?? isoDay(new Date(Date.parse(to) - (USAGE_DEFAULT_DAYS - 1) * DAY_MS));
    return { from, to };
  })
  .refine((range) => range.from <= range.to, { message: 'from must not be after to', path: ['from'] })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < USAGE_MAX_SPAN_DAYS, {
    message: `The range may cover at most ${USAGE_MAX_SPAN_DAYS} days`,
    path: ['to'],
  });
export type UsageQuery = z.input<typeof UsageQuerySchema>;

/** Calls, tokens and cost of a group. cost_usd counts priced calls only; unpriced_calls have no known cost. */
export const UsageFiguresSchema = z.object({
  calls: z.number().int(),
  failed_calls: z.number().int(),
  /** Calls answered by an offline fallback (extractive summary, template copy, espeak-ng). */
  offline_calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Characters sent to speech models. */
  characters: z.number().int(),
  cost_usd: z.number(),
  unpriced_calls: z.number().int(),
});
export type UsageFigures = z.infer<typeof UsageFiguresSchema>;

export const UsageResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: UsageFiguresSchema,
  /** Every day of the range (empty days included), with the cost of each feature that day. */
  days: z.array(
    UsageFiguresSchema.extend({ date: z.string(), cost_by_feature: z.record(z.string(), z.number()) }),
  ),
  features: z.array(UsageFiguresSchema.extend({ feature: z.string() })),
  providers: z.array(UsageFiguresSchema.extend({ provider: z.string() })),
  /** The ten topics that cost the most over the range. */
  top_topics: z.array(
    z.object({
      topic_id: z.string(),
      /** null: the topic was deleted since. */
      topic_name: z.string().nullable(),
      calls: z.number().int(),
      cost_usd: z.number(),
      unpriced_calls: z.number().int(),
    }),
  ),
});
export type UsageResponse = z.infer<typeof UsageResponseSchema>;

/** What one generation task used: its model calls (and template copies), tokens and cost. */
export const GenerationUsageSchema = z.object({
  calls: z.number().int(),
  offline_calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** null when a call's model has no price. */
  cost_usd: z.number().nullable(),
  models: z.array(z.string()),
});
export type GenerationUsage = z.infer<typeof GenerationUsageSchema>;

/**
 * A Pro user's generation tasks this calendar month (UTC). null for admins (no quota) and for
 * users without generation.
 */
export const GenerationQuotaSchema = z
  .object({
    limit: z.number().int(),
    used: z.number().int(),
    left: z.number().int(),
    /** When the count starts again: the first day of next month, UTC. */
    resets_at: z.string(),
  })
  .nullable();
export type GenerationQuota = z.infer<typeof GenerationQuotaSchema>;
