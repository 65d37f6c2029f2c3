import { z } from 'zod';

/**
 * How this install takes payments: `stripe` (real Checkout), `demo` (a local, labelled checkout page
 * that takes no money: a fresh install without Stripe keys), or `off` (no paid buttons anywhere).
 */
export const PaymentsModeSchema = z.enum(['stripe', 'demo', 'off']);
export type PaymentsMode = z.infer<typeof PaymentsModeSchema>;

/** GET /api/config: what this install offers, so the web app shows only what works. Public, cached briefly. */
export const AppConfigSchema = z.object({
  /** Google sign-in is configured (client id and secret set): the auth page shows its button. */
  google_sign_in: z.boolean(),
  /** How payments work here; `off`: the pricing page and upgrade dialogs say so instead of offering to pay. */
  payments: PaymentsModeSchema,
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
