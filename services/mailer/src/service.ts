import { defineWorkerService, type WorkerServiceOverrides } from '@app/queue';
import { dkimOptions, mailerConfigSchema } from './config.ts';
import type { DigestDeps } from './digest/send-digests.ts';
import { type Clock, systemClock } from './digest/time.ts';
import { resolveUnsubscribeSecret } from '@app/digest';
import { createMailTransport, type MailTransport } from './mail-transport.ts';
import { digestTickProcessor } from './processors/digest-tick.processor.ts';
import { sendDigestProcessor } from './processors/send-digest.processor.ts';
import { sendNewsletterConfirmationProcessor } from './processors/send-newsletter-confirmation.processor.ts';
import { sendPasswordResetEmailProcessor } from './processors/send-password-reset-email.processor.ts';
import { sendRegistrationAttemptEmailProcessor } from './processors/send-registration-attempt-email.processor.ts';
import { sendSignInWarningEmailProcessor } from './processors/send-sign-in-warning-email.processor.ts';
import { sendVerificationEmailProcessor } from './processors/send-verification-email.processor.ts';

export const SERVICE_NAME = 'mailer';
export const DIGEST_SCHEDULER_ID = 'digest-tick';

export type ServiceOverrides = WorkerServiceOverrides & {
  /** Default: a pooled SMTP transport to SMTP_URL. */
  transport?: MailTransport;
  /** "Now" for the digest (tests move it); default: the system clock. */
  clock?: Clock;
};

/**
 * The mailer: account emails, the newsletter opt-in and the digest, sent by a tick every
 * DIGEST_TICK_SECONDS. SMTP is left out of the readiness checks on purpose: a relay outage should
 * delay mail (jobs retry), not pull the mailer out of service.
 */
export const mailerService = defineWorkerService({
  name: SERVICE_NAME,
  configSchema: mailerConfigSchema,
  setup: ({ config, prisma, signal }, overrides: ServiceOverrides) => {
    const transport =
      overrides.transport ??
      createMailTransport(config.SMTP_URL, {
        maxConnections: config.SMTP_MAX_CONNECTIONS,
        rateLimit: config.SMTP_RATE_LIMIT,
        dkim: dkimOptions(config),
      });
    const digest: Omit<DigestDeps, 'log'> = {
      prisma,
      transport,
      from: config.MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      secret: resolveUnsubscribeSecret(config),
      clock: overrides.clock ?? systemClock,
      leaseMs: config.DIGEST_LEASE_SECONDS * 1000,
      concurrency: config.DIGEST_SEND_CONCURRENCY ?? config.SMTP_MAX_CONNECTIONS,
      perTopic: config.DIGEST_SUMMARIES_PER_TOPIC,
      maxAttempts: 5,
      // Aborted first on close: a long tick stops claiming recipients, the sends in hand finish.
      signal,
    };
    return {
      processors: [
        sendVerificationEmailProcessor({ transport, from: config.MAIL_FROM }),
        sendPasswordResetEmailProcessor({ transport, from: config.MAIL_FROM }),
        sendSignInWarningEmailProcessor({ transport, from: config.MAIL_FROM }),
        sendRegistrationAttemptEmailProcessor({ transport, from: config.MAIL_FROM }),
        sendNewsletterConfirmationProcessor(digest),
        digestTickProcessor(digest, config.BOUNCE_MAILDIR),
        sendDigestProcessor(digest),
      ],
      schedulers:
        (config.DIGEST_SCHEDULER ?? config.NODE_ENV !== 'test')
          ? [
              {
                id: DIGEST_SCHEDULER_ID,
                repeat: { every: config.DIGEST_TICK_SECONDS * 1000 },
                template: { name: 'digest-tick', data: {} },
              },
            ]
          : [],
      // Runs after the workers finished their jobs, so no send is cut off.
      close: async () => {
        if (!overrides.transport) transport.close();
      },
    };
  },
});

export const startService = mailerService.start;
