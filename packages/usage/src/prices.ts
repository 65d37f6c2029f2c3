import { OFFLINE_PROVIDER } from '@app/llm';
import { z } from 'zod';

/** US dollars per million tokens (text models) or per million characters (speech models). */
const ModelPriceSchema = z
  .object({
    input: z.number().min(0).optional(),
    output: z.number().min(0).optional(),
    characters: z.number().min(0).optional(),
  })
  .strict()
  .refine((p) => p.input !== undefined || p.output !== undefined || p.characters !== undefined, {
    message: 'a price needs input, output or characters',
  });

export const PriceTableSchema = z.record(z.string().min(1), ModelPriceSchema);
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** List prices of common models; AI_PRICES replaces the whole table. */
export const DEFAULT_PRICE_TABLE: PriceTable = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4.1': { input: 2, output: 8 },
  'deepseek-chat': { input: 0.27, output: 1.1 },
  'text-embedding-3-small': { input: 0.02 },
  'text-embedding-3-large': { input: 0.13 },
  'tts-1': { characters: 15 },
  'tts-1-hd': { characters: 30 },
};

/**
 * The AI_PRICES setting: a JSON object `{"<model>": {"input": usd, "output": usd}}` per million
 * tokens, or `{"<model>": {"characters": usd}}` per million characters for speech. Unset: the
 * default table. A model missing from the table is recorded with cost unknown.
 */
export const priceTableEnv = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return DEFAULT_PRICE_TABLE;
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of model prices' });
      return z.NEVER;
    }
    const parsed = PriceTableSchema.safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `bad price table: ${parsed.error.issues[0]?.message}` });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * Cost in micro-dollars (1e-6 USD), rounded; null when the model has no price. Offline engines
 * cost nothing.
 */
export function costMicros(
  prices: PriceTable,
  call: { provider: string; model: string; inputTokens: number; outputTokens: number; characters: number },
): number | null {
  if (call.provider === OFFLINE_PROVIDER) return 0;
  const price = prices[call.model];
  if (!price) return null;
  // Dollars per million units × units = micro-dollars.
  const micros =
    (price.input ?? 0) * call.inputTokens +
    (price.output ?? 0) * call.outputTokens +
    (price.characters ?? 0) * call.characters;
  return Math.round(micros);
}
