import { z } from 'zod';

/** GET /api/config: what this install offers, so the web app shows only what works. Public, cached briefly. */
export const AppConfigSchema = z.object({
  /** Google sign-in is configured (client id and secret set): the auth page shows its button. */
  google_sign_in: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
