import { canonicalTimeZone } from '@app/time/zone-names';
import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';

/** Texts the spec fixes (§5, §8); the web shows its own translations of them. */
export const NEWSLETTER_MESSAGES = {
  emailAndTopicRequired: 'Please enter an email and select at least one topic',
  invalidEmail: 'Please enter a valid email address',
  unknownTopic: 'One or more topics do not exist',
  subscribed: 'Successfully subscribed to newsletter!',
  confirmationSent: 'Please check your inbox to confirm your subscription',
  invalidUnsubscribeLink: 'Invalid unsubscribe link',
  invalidConfirmationLink: 'Invalid confirmation link',
  expiredConfirmationLink: 'This confirmation link has expired. Please subscribe again.',
  usedConfirmationLink: 'This confirmation link has already been used',
  unknownTimeZone: 'Unknown time zone: choose one from the list (an IANA zone name such as Asia/Shanghai)',
  followsMyFeedNeedsAccount:
    'Only a subscription that belongs to an account can follow My feed: sign in with this email address first',
  noAccountSubscription:
    'Your email address has no newsletter subscription yet: subscribe to the daily digest first',
  nothingToChange: 'Nothing to change: give time_zone or follows_my_feed',
} as const;

/** Double opt-in: a confirmation link works this long after it was sent, and once. */
export const NEWSLETTER_CONFIRMATION_TTL_MS = 48 * 3600_000;
/** At most one confirmation email per address in this window, however many subscribe calls arrive. */
export const NEWSLETTER_CONFIRMATION_INTERVAL_MS = 10 * 60_000;

/** The digest's own defaults: 8 AM local time, New York when the subscriber did not choose. */
export const DIGEST_HOUR = 8;
export const DEFAULT_DIGEST_TIME_ZONE = 'America/New_York';
export const MAX_NEWSLETTER_TOPICS = 50;

/**
 * The digest's zone: any IANA zone (the reader's own, not only the 13 of the summaries' picker),
 * stored as the zone database spells it; anything else is a 400 that says so.
 */
export const DigestTimeZoneSchema = z
  .string({ error: NEWSLETTER_MESSAGES.unknownTimeZone })
  .trim()
  .transform((name, context) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    context.addIssue({ code: 'custom', message: NEWSLETTER_MESSAGES.unknownTimeZone });
    return z.NEVER;
  });

const NewsletterEmailSchema = z
  .string({ error: NEWSLETTER_MESSAGES.emailAndTopicRequired })
  .trim()
  .toLowerCase()
  .min(1, NEWSLETTER_MESSAGES.emailAndTopicRequired)
  .max(254, NEWSLETTER_MESSAGES.invalidEmail)
  .pipe(z.email({ error: NEWSLETTER_MESSAGES.invalidEmail }));

/** POST /api/newsletter/subscriptions (the spec's simple-email-subscription). */
export const NewsletterSubscribeBodySchema = z.object({
  email: NewsletterEmailSchema,
  topic_ids: z
    .array(z.uuid({ error: 'Invalid topic id' }), { error: NEWSLETTER_MESSAGES.emailAndTopicRequired })
    .min(1, NEWSLETTER_MESSAGES.emailAndTopicRequired)
    .max(MAX_NEWSLETTER_TOPICS),
  language: UiLanguageSchema.default('en'),
  /** An IANA zone; the digest arrives at 8 AM there. Unset keeps the stored zone (new: New York). */
  timezone: DigestTimeZoneSchema.optional(),
});
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBodySchema>;

export const NewsletterSubscribeResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  /**
   * True when nothing changes until the emailed link is used: double opt-in for a new address, and
   * always for an existing one (an anonymous call never edits a subscriber).
   */
  pending_confirmation: z.boolean(),
});
export type NewsletterSubscribeResponse = z.infer<typeof NewsletterSubscribeResponseSchema>;

/** The signed token of an unsubscribe link: `<subscriber id>.<HMAC>`. */
export const UnsubscribeTokenSchema = z
  .string({ error: NEWSLETTER_MESSAGES.invalidUnsubscribeLink })
  .min(10, NEWSLETTER_MESSAGES.invalidUnsubscribeLink)
  .max(200, NEWSLETTER_MESSAGES.invalidUnsubscribeLink);

export const UnsubscribeViewQuerySchema = z.object({
  token: UnsubscribeTokenSchema,
  action: z.literal('view').default('view'),
});
export type UnsubscribeViewQuery = z.infer<typeof UnsubscribeViewQuerySchema>;

/** One active subscription in the management list (spec §3, "Email subscription"). */
export const EmailSubscriptionSchema = z.object({
  id: z.string(),
  topic_id: z.string(),
  topic_name: z.string(),
  topic_name_zh: z.string(),
  topic_name_en: z.string(),
  language: UiLanguageSchema,
  enabled: z.boolean(),
});
export type EmailSubscription = z.infer<typeof EmailSubscriptionSchema>;

/**
 * Whether the digest follows the account's My feed (its followed topics, and the summaries of its
 * followed sources) instead of the chosen topics. Following nothing keeps the chosen topics.
 */
const FollowsMyFeedSchema = z.boolean({ error: 'follows_my_feed must be true or false' });

export const UnsubscribeViewResponseSchema = z.object({
  success: z.literal(true),
  /** Masked, e.g. `a***@example.com`: enough to recognise, not to harvest. */
  email: z.string(),
  language: UiLanguageSchema,
  time_zone: z.string(),
  subscriptions: z.array(EmailSubscriptionSchema),
  follows_my_feed: z.boolean(),
  /** Whether the subscription belongs to an account: only then can it follow My feed. */
  has_account: z.boolean(),
});
export type UnsubscribeViewResponse = z.infer<typeof UnsubscribeViewResponseSchema>;

/** POST /api/newsletter/unsubscribe: one topic (`topic`, a topic id) or, without it, all. */
export const UnsubscribeBodySchema = z.object({
  token: UnsubscribeTokenSchema,
  topic: z.uuid({ error: 'Invalid topic id' }).optional(),
});
export type UnsubscribeBody = z.infer<typeof UnsubscribeBodySchema>;

export const UnsubscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  unsubscribedCount: z.number().int().min(0),
  /** Active subscriptions left after this call. */
  remainingCount: z.number().int().min(0),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

/** POST /api/newsletter/one-click?token= (RFC 8058); the body is `List-Unsubscribe=One-Click`. */
export const OneClickQuerySchema = z.object({ token: UnsubscribeTokenSchema });
export const OneClickResponseSchema = z.object({ success: z.literal(true) });

/**
 * POST /api/newsletter/preferences: what the management page changes (the token's subscriber), one
 * setting or both. `follows_my_feed: true` needs a subscription that belongs to an account (409).
 */
export const NewsletterPreferencesBodySchema = z
  .object({
    token: UnsubscribeTokenSchema,
    time_zone: DigestTimeZoneSchema.optional(),
    follows_my_feed: FollowsMyFeedSchema.optional(),
  })
  .strict()
  .refine((body) => body.time_zone !== undefined || body.follows_my_feed !== undefined, {
    message: NEWSLETTER_MESSAGES.nothingToChange,
  });
export type NewsletterPreferencesBody = z.infer<typeof NewsletterPreferencesBodySchema>;

export const NewsletterPreferencesResponseSchema = z.object({
  success: z.literal(true),
  /** The zone now stored: the next digest arrives at 8 AM there. */
  time_zone: z.string(),
  follows_my_feed: z.boolean(),
});
export type NewsletterPreferencesResponse = z.infer<typeof NewsletterPreferencesResponseSchema>;

/**
 * GET /api/me/newsletter: the signed-in reader's digest subscription, the one linked to the account or,
 * when none is, the one of the account's verified address; null when there is none.
 */
export const MeNewsletterResponseSchema = z.object({
  subscription: z
    .object({
      email: z.string(),
      status: z.enum(['active', 'bouncing', 'unsubscribed']),
      /** False until the double opt-in link was used: no digest goes out before. */
      confirmed: z.boolean(),
      language: UiLanguageSchema,
      time_zone: z.string(),
      /** How many topics the subscriber chose (what the digest keeps when My feed follows nothing). */
      topic_count: z.number().int().min(0),
      follows_my_feed: z.boolean(),
    })
    .nullable(),
});
export type MeNewsletterResponse = z.infer<typeof MeNewsletterResponseSchema>;

/** PATCH /api/me/newsletter: the digest follows My feed, or the chosen topics again. */
export const MeNewsletterBodySchema = z.object({ follows_my_feed: FollowsMyFeedSchema }).strict();
export type MeNewsletterBody = z.infer<typeof MeNewsletterBodySchema>;

/** The signed token of a confirmation link: `<confirmation id>.<HMAC>`. */
export const NewsletterConfirmTokenSchema = z
  .string({ error: NEWSLETTER_MESSAGES.invalidConfirmationLink })
  .trim()
  .min(10, NEWSLETTER_MESSAGES.invalidConfirmationLink)
  .max(200, NEWSLETTER_MESSAGES.invalidConfirmationLink);

/** GET /api/newsletter/confirm?token= (links of older emails): only redirects to the confirm page. */
export const NewsletterConfirmQuerySchema = z.object({ token: NewsletterConfirmTokenSchema });
/** POST /api/newsletter/confirm: the confirm page uses the emailed link's token (double opt-in). */
export const NewsletterConfirmBodySchema = z.object({ token: NewsletterConfirmTokenSchema }).strict();
export type NewsletterConfirmBody = z.infer<typeof NewsletterConfirmBodySchema>;

export const NewsletterConfirmResponseSchema = z.object({
  success: z.literal(true),
  /** Masked, e.g. `a***@example.com`. */
  email: z.string(),
  language: UiLanguageSchema,
  time_zone: z.string(),
  /** The topics the confirmed request turned on, in the subscriber's language. */
  topics: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type NewsletterConfirmResponse = z.infer<typeof NewsletterConfirmResponseSchema>;

/** The digest's 'view in browser' page. */
export const DigestViewQuerySchema = z.object({
  token: UnsubscribeTokenSchema,
  date: z.iso.date({ error: 'Expected a date (YYYY-MM-DD)' }),
});

/** POST /api/admin/digest/preview: a subscriber (by email) or a language + topic set. */
export const DigestPreviewBodySchema = z.union([
  z.object({ email: NewsletterEmailSchema, date: z.iso.date().optional() }).strict(),
  z
    .object({
      language: UiLanguageSchema,
      topic_ids: z.array(z.uuid()).min(1).max(MAX_NEWSLETTER_TOPICS),
      timezone: DigestTimeZoneSchema.default(DEFAULT_DIGEST_TIME_ZONE),
      date: z.iso.date().optional(),
    })
    .strict(),
]);
export type DigestPreviewBody = z.infer<typeof DigestPreviewBodySchema>;

export const DigestPreviewResponseSchema = z.object({
  digest_date: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  summary_count: z.number().int(),
  /** False on a quiet day: the scheduled send would skip this digest. */
  would_send: z.boolean(),
});
export type DigestPreviewResponse = z.infer<typeof DigestPreviewResponseSchema>;

export const DigestSendBodySchema = z.object({ email: NewsletterEmailSchema });
export type DigestSendBody = z.infer<typeof DigestSendBodySchema>;

export const DeliveryStatusSchema = z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']);
export const DigestSendResponseSchema = z.object({
  digest_date: z.string(),
  /** The delivery row's status when the call returned; `pending` if the mailer had not finished yet. */
  status: DeliveryStatusSchema,
  summary_count: z.number().int(),
  error_message: z.string().nullable(),
});
export type DigestSendResponse = z.infer<typeof DigestSendResponseSchema>;
