import { z } from 'zod';
import { countsSchema } from './common.ts';

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

export const SubscriberStatusSchema = z.enum(['active', 'bouncing', 'unsubscribed']);

/** GET /api/admin/subscribers: newest changes first, at most `limit`; `q` filters by address. */
export const AdminSubscribersQuerySchema = z.object({
  status: SubscriberStatusSchema.optional(),
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type AdminSubscribersQuery = z.infer<typeof AdminSubscribersQuerySchema>;

export const AdminSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: SubscriberStatusSchema,
  language: z.enum(['en', 'zh']),
  confirmed_at: z.string().nullable(),
  /** Why no more digests go out (a hard bounce or a complaint), how it was learned, when, and the server's words. */
  suppression: z
    .object({
      reason: z.enum(['hard_bounce', 'complaint']),
      source: z.enum(['smtp', 'webhook', 'dsn']).nullable(),
      at: z.string().nullable(),
      diagnostic: z.string().nullable(),
    })
    .nullable(),
});
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;

export const AdminSubscribersResponseSchema = z.object({
  data: z.array(AdminSubscriberSchema),
  counts: countsSchema(SubscriberStatusSchema.options),
});
export type AdminSubscribersResponse = z.infer<typeof AdminSubscribersResponseSchema>;
