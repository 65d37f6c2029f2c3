import { z } from 'zod';

/**
 * The email provider's delivery events (Resend's webhook format, signed by Svix / Standard
 * Webhooks). Only bounces and complaints matter; every other type passes through untouched so a
 * provider adding event types never makes the endpoint fail.
 */
const Recipients = z
  .union([z.string(), z.array(z.string())])
  .transform((to) => (Array.isArray(to) ? to : [to]));

export const MailEventSchema = z.union([
  z.object({
    type: z.literal('email.bounced'),
    created_at: z.iso.datetime({ offset: true }),
    data: z.object({
      email_id: z.string().optional(),
      to: Recipients,
      bounce: z.object({
        /** Permanent (hard), Transient or Undetermined (soft: the provider retries or gives up later). */
        type: z.string(),
        subType: z.string().optional(),
        message: z.string().optional(),
      }),
    }),
  }),
  z.object({
    type: z.literal('email.complained'),
    created_at: z.iso.datetime({ offset: true }),
    data: z.object({ email_id: z.string().optional(), to: Recipients }),
  }),
  // Any other type (delivered, opened, …); a malformed bounce or complaint matches none of the three.
  z.object({
    type: z
      .string()
      .min(1)
      .regex(/^(?!email\.(bounced|complained)$)/),
  }),
]);
export type MailEvent = z.infer<typeof MailEventSchema>;

export const MailEventResponseSchema = z.object({
  received: z.literal(true),
  /** Subscribers stopped by this event (0 for other event types, unknown or already stopped addresses). */
  suppressed: z.number().int().min(0),
});
export type MailEventResponse = z.infer<typeof MailEventResponseSchema>;
