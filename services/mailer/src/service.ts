import { QUEUE_NAMES } from '@app/contracts';
import { closePrisma, getPrisma, type PrismaClient } from '@app/db';
import { createLogger, type Logger } from '@app/logger';
import {
  type KeptJobSchedulers,
  keepJobSchedulers,
  type RunningService,
  startWorkerService,
} from '@app/queue';
import type { MailerConfig } from './config.ts';
import type { DigestDeps } from './digest/send-digests.ts';
import { type Clock, systemClock } from './digest/time.ts';
import { resolveUnsubscribeSecret } from './digest/unsubscribe-token.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';
import { digestTickProcessor } from './processors/digest-tick.processor.ts';
import { sendDigestProcessor } from './processors/send-digest.processor.ts';
import { sendNewsletterConfirmationProcessor } from './processors/send-newsletter-confirmation.processor.ts';
import { sendPasswordResetEmailProcessor } from './processors/send-password-reset-email.processor.ts';
import { sendVerificationEmailProcessor } from './processors/send-verification-email.processor.ts';

export const SERVICE_NAME = 'mailer';
export const DIGEST_SCHEDULER_ID = 'digest-tick';

export type ServiceOverrides = {
  logger?: Logger;
  /** A client the caller owns (tests pass their test database's); default: the shared client. */
  prisma?: PrismaClient;
  /** Queue namespace; tests use one per file. */
  prefix?: string;
  /** Default: a pooled SMTP transport to SMTP_URL. */
  transport?: MailTransport;
  /** "Now" for the digest (tests move it); default: the system clock. */
  clock?: Clock;
};

export async function startService(
  config: MailerConfig,
  overrides: ServiceOverrides = {},
): Promise<RunningService> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, { level: config.LOG_LEVEL });
  const prisma = overrides.prisma ?? getPrisma();
  const transport =
    overrides.transport ??
    createMailTransport(config.SMTP_URL, {
      maxConnections: config.SMTP_MAX_CONNECTIONS,
      rateLimit: config.SMTP_RATE_LIMIT,
    });
  // Aborted first on close: a long tick stops claiming recipients, the sends in hand finish.
  const stopping = new AbortController();
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
    signal: stopping.signal,
  };
  const service = await startWorkerService({
    service: SERVICE_NAME,
    logger,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    prefix: overrides.prefix,
    healthPort: config.HEALTH_PORT,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    processors: [
      sendVerificationEmailProcessor({ transport, from: config.MAIL_FROM }),
      sendPasswordResetEmailProcessor({ transport, from: config.MAIL_FROM }),
      sendNewsletterConfirmationProcessor(digest),
      digestTickProcessor(digest),
      sendDigestProcessor(digest),
    ],
    // SMTP is left out on purpose: a relay outage should delay mail (jobs retry), not pull
    // the mailer out of service.
    readiness: { database: () => prisma.$queryRaw`SELECT 1` },
    onClose: async () => {
      // Runs after the workers finished their jobs, so no send is cut off.
      if (!overrides.transport) transport.close();
      if (!overrides.prisma) await closePrisma();
    },
  });
  // Registered in the background: start-up (and the signal handlers main.ts installs after it)
  // must not wait on it; close() does.
  const schedulers =
    (config.DIGEST_SCHEDULER ?? config.NODE_ENV !== 'test')
      ? keepDigestScheduler(service, config.DIGEST_TICK_SECONDS, config.SCHEDULER_CHECK_SECONDS, logger)
      : undefined;
  const scheduling = schedulers?.registered ?? Promise.resolve();
  return {
    ...service,
    close: async () => {
      stopping.abort();
      await scheduling;
      await schedulers?.stop();
      await service.close();
    },
  };
}

function keepDigestScheduler(
  service: RunningService,
  everySeconds: number,
  checkSeconds: number,
  logger: Logger,
): KeptJobSchedulers {
  // Idempotent upsert: every replica may run it at start; BullMQ keeps one scheduler per id.
  const kept = keepJobSchedulers(
    service.transport.createQueue(QUEUE_NAMES.digest),
    [
      {
        id: DIGEST_SCHEDULER_ID,
        repeat: { every: everySeconds * 1000 },
        template: {
          name: 'digest-tick',
          data: {},
          // A tick that meets a database restart (or any passing error) runs again within seconds
          // instead of waiting for the next tick; a rerun is safe, every delivery is claimed first.
          opts: {
            attempts: 3,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: 100,
            removeOnFail: 100,
          },
        },
      },
    ],
    { refreshMs: checkSeconds * 1000, logger },
  );
  return {
    registered: kept.registered.then(
      () => logger.info({ everySeconds }, 'digest scheduler registered'),
      (error) => logger.error({ err: error }, 'could not register the digest scheduler'),
    ),
    stop: kept.stop,
  };
}
