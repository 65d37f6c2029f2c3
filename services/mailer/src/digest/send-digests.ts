import type { UiLanguage } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import { isPermanentSmtpError, type MailTransport, smtpReply, textEncodingFor } from '../mail-transport.ts';
import type { RenderedEmail } from '../templates/layout.ts';
import { loadDigestContent } from './digest-content.ts';
import { digestLinks, personalizeDigest, renderDigestTemplate } from './digest.template.ts';
import { type Clock, digestWindow, dueZones } from './time.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export type DigestDeps = {
  prisma: PrismaClient;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  clock: Clock;
  log: Logger;
  /** How long a claimed ('sending') row is ours; past it, the row counts as interrupted. */
  leaseMs: number;
  /** Digests handed to SMTP at once (the pool then spreads them over its connections). */
  concurrency: number;
  perTopic: number;
  /** Attempts for temporary SMTP failures (4xx, connection errors), one per tick. */
  maxAttempts: number;
  /** Stops claiming new recipients (graceful shutdown); sends in hand finish and are recorded. */
  signal?: AbortSignal;
};

export type DigestRecipient = {
  id: string;
  email: string;
  language: UiLanguage;
  timeZone: string;
  unsubscribeToken: string;
  topicIds: string[];
};

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'bounced' | 'retry' | 'taken';
export type TickStats = Record<DeliveryOutcome, number> & { interrupted: number };

type Built = { template: RenderedEmail; summaryCount: number } | null;

/**
 * Shared renders. Content is loaded once per language, topic set and window (one tick's cache, so a
 * summary that lands later shows up in the next zone's digest); the MJML render, the costly part, is
 * shared by every window that selects the same summaries for the same date.
 */
export class DigestCache {
  private readonly builds = new Map<string, Promise<Built>>();
  private readonly renders = new Map<string, Promise<RenderedEmail>>();
  builtCount = 0;
  constructor(private readonly deps: Pick<DigestDeps, 'prisma' | 'publicUrl' | 'perTopic'>) {}

  get(recipient: Pick<DigestRecipient, 'language' | 'topicIds' | 'timeZone'>, date: string): Promise<Built> {
    const window = digestWindow(date, recipient.timeZone);
    const topicIds = [...recipient.topicIds].sort();
    const key = `${recipient.language}|${window.from.toISOString()}|${date}|${topicIds.join(',')}`;
    let build = this.builds.get(key);
    if (!build) {
      build = this.build(recipient.language, topicIds, window, date);
      this.builds.set(key, build);
    }
    return build;
  }

  private async build(
    language: UiLanguage,
    topicIds: string[],
    window: { from: Date; to: Date },
    date: string,
  ): Promise<Built> {
    const content = await loadDigestContent(this.deps.prisma, {
      language,
      topicIds,
      ...window,
      date,
      perTopic: this.deps.perTopic,
    });
    if (content.summaryCount === 0) return null;
    const contentKey = `${language}|${date}|${content.topics
      .map((topic) => `${topic.id}:${topic.summaries.map((summary) => summary.id).join(',')}`)
      .join(';')}`;
    let render = this.renders.get(contentKey);
    if (!render) {
      this.builtCount += 1;
      render = renderDigestTemplate(content, this.deps.publicUrl);
      this.renders.set(contentKey, render);
    }
    return { template: await render, summaryCount: content.summaryCount };
  }
}

const INTERRUPTED =
  'interrupted while sending: no reply from the SMTP server was recorded, so it is sent again';

/**
 * A 'sending' row whose lease ran out belonged to a mailer that died between claiming and recording.
 * An SMTP server takes responsibility for a message only with its final 250 reply, and each reply is
 * recorded the moment it arrives, so such a row was almost surely never accepted: it goes back to
 * pending and the next tick sends it, with the same Message-ID, within the attempt limit. (The
 * remaining window, a crash between the reply and its one-row update, is the classic SMTP duplicate
 * of RFC 1047; the stable Message-ID lets mailbox providers drop that copy.)
 */
export async function resolveInterrupted(deps: Pick<DigestDeps, 'prisma' | 'clock'>): Promise<number> {
  return deps.prisma.$executeRaw`
    UPDATE email_deliveries
    SET status = 'pending', error_message = ${INTERRUPTED}, lease_expires_at = NULL, updated_at = now()
    WHERE status = 'sending' AND lease_expires_at < ${deps.clock()}`;
}

const BATCH = 500;

/** Active, confirmed subscribers of a zone with enabled topics and no final delivery for `date`. */
async function dueRecipients(
  prisma: PrismaClient,
  timeZone: string,
  date: string,
  after: string,
): Promise<DigestRecipient[]> {
  const rows = await prisma.$queryRaw<
    {
      id: string;
      email: string;
      language: 'EN' | 'ZH';
      time_zone: string;
      unsubscribe_token: string;
      topic_ids: string[];
    }[]
  >`
    SELECT s.id, s.email, s.language, s.time_zone, s.unsubscribe_token,
           array_agg(ns.topic_id::text ORDER BY ns.topic_id) AS topic_ids
    FROM newsletter_subscribers s
    JOIN newsletter_subscriptions ns ON ns.subscriber_id = s.id AND ns.enabled
    WHERE s.status = 'active' AND s.confirmed_at IS NOT NULL AND s.time_zone = ${timeZone}
      AND s.id > ${after}::uuid
      AND NOT EXISTS (
        SELECT 1 FROM email_deliveries d
        WHERE d.subscriber_id = s.id AND d.digest_date = ${date}::date AND d.status <> 'pending'
      )
    GROUP BY s.id
    ORDER BY s.id
    LIMIT ${BATCH}`;
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    language: row.language === 'ZH' ? 'zh' : 'en',
    timeZone: row.time_zone,
    unsubscribeToken: row.unsubscribe_token,
    topicIds: row.topic_ids,
  }));
}

/** One scheduler tick: every zone whose 8 AM has come, every subscriber there not yet served today. */
export async function runDigestTick(deps: DigestDeps): Promise<TickStats> {
  const stats: TickStats = { sent: 0, skipped: 0, failed: 0, bounced: 0, retry: 0, taken: 0, interrupted: 0 };
  stats.interrupted = await resolveInterrupted(deps);
  if (stats.interrupted > 0)
    deps.log.warn({ rows: stats.interrupted }, 'interrupted digest sends queued again');
  const cache = new DigestCache(deps);
  const now = deps.clock();
  for (const { timeZone, date } of dueZones(now)) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      if (deps.signal?.aborted) return stats;
      const batch = await dueRecipients(deps.prisma, timeZone, date, after);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      for (let i = 0; i < batch.length; i += deps.concurrency) {
        if (deps.signal?.aborted) return stats;
        const outcomes = await deliverDigests(deps, batch.slice(i, i + deps.concurrency), date, cache);
        for (const outcome of outcomes) stats[outcome] += 1;
      }
      if (batch.length < BATCH) break;
    }
  }
  if (stats.sent + stats.failed + stats.bounced > 0) {
    deps.log.info({ ...stats, renders: cache.builtCount }, 'digest tick done');
  }
  return stats;
}

/**
 * Claims the (subscriber, date) rows, creating them or taking over retryable ones. Returns
 * subscriber id → row id for the rows now ours; the others are held by another run or final.
 */
async function claim(
  deps: DigestDeps,
  subscriberIds: string[],
  date: string,
  status: 'sending' | 'skipped',
  retryable: readonly string[],
): Promise<Map<string, string>> {
  if (subscriberIds.length === 0) return new Map();
  const lease = status === 'sending' ? new Date(deps.clock().getTime() + deps.leaseMs) : null;
  const rows = await deps.prisma.$queryRaw<{ id: string; subscriber_id: string }[]>`
    INSERT INTO email_deliveries (id, subscriber_id, digest_date, status, attempts, lease_expires_at, created_at, updated_at)
    SELECT gen_random_uuid(), subscriber_id, ${date}::date, ${status}::"DeliveryStatus",
           ${status === 'sending' ? 1 : 0}, ${lease}::timestamptz, now(), now()
    FROM unnest(${subscriberIds}::uuid[]) AS subscriber_id
    ON CONFLICT (subscriber_id, digest_date) DO UPDATE
      SET status = EXCLUDED.status, attempts = email_deliveries.attempts + EXCLUDED.attempts,
          lease_expires_at = EXCLUDED.lease_expires_at, error_message = NULL, updated_at = now()
      WHERE email_deliveries.status::text = ANY(${retryable}::text[])
        AND email_deliveries.attempts < ${deps.maxAttempts}
    RETURNING id, subscriber_id`;
  return new Map(rows.map((row) => [row.subscriber_id, row.id]));
}

export type DeliverOptions = {
  /** Row statuses that may be taken over: the tick retries 'pending'; an admin send also redoes 'skipped'/'failed'. */
  retryable?: readonly string[];
};

/** The one path every digest takes, scheduled or sent by an admin. */
export async function deliverDigest(
  deps: DigestDeps,
  recipient: DigestRecipient,
  date: string,
  cache: DigestCache,
  options: DeliverOptions = {},
): Promise<DeliveryOutcome> {
  const [outcome] = await deliverDigests(deps, [recipient], date, cache, options);
  return outcome ?? 'taken';
}

type Sent = { deliveryId: string; summaryCount: number; messageId: string; response: string };

/** Longest wait for the database to record a message the server accepted. */
const RECORD_RETRY_MS = 30_000;

/**
 * A group of recipients (at most `concurrency`): quiet days are recorded as skipped; the rest are
 * claimed in one statement and handed to SMTP together; each accepted one is recorded at once.
 * Claimed rows never outnumber the sends in flight, so a crash leaves at most that many to resend.
 */
export async function deliverDigests(
  deps: DigestDeps,
  recipients: DigestRecipient[],
  date: string,
  cache: DigestCache,
  options: DeliverOptions = {},
): Promise<DeliveryOutcome[]> {
  const retryable = options.retryable ?? ['pending'];
  const built = await Promise.all(recipients.map((recipient) => cache.get(recipient, date)));
  const quiet = recipients.filter((_, i) => !built[i]);
  const outcomes: DeliveryOutcome[] = [];
  if (quiet.length > 0) {
    // A quiet day: nothing to send, but recorded so later ticks do not look again.
    const skipped = await claim(
      deps,
      quiet.map((r) => r.id),
      date,
      'skipped',
      retryable,
    );
    for (const recipient of quiet) outcomes.push(skipped.has(recipient.id) ? 'skipped' : 'taken');
  }
  const sendable = recipients.flatMap((recipient, i) => {
    const digest = built[i];
    return digest ? [{ recipient, digest }] : [];
  });
  const claimed = await claim(
    deps,
    sendable.map((s) => s.recipient.id),
    date,
    'sending',
    retryable,
  );
  await Promise.all(
    sendable.map(async ({ recipient, digest }) => {
      const deliveryId = claimed.get(recipient.id);
      if (!deliveryId) {
        outcomes.push('taken');
        return;
      }
      let info: Awaited<ReturnType<typeof sendOne>>;
      try {
        info = await sendOne(deps, recipient, date, deliveryId, digest.template);
      } catch (error) {
        outcomes.push(await recordFailure(deps, recipient, deliveryId, error));
        return;
      }
      // Recorded as soon as the server accepts it, so a crash leaves no accepted message unrecorded
      // for longer than one single-row update.
      await recordSent(deps, {
        deliveryId,
        summaryCount: digest.summaryCount,
        messageId: info.messageId,
        response: String(info.response ?? '').slice(0, 500),
      });
      outcomes.push('sent');
    }),
  );
  return outcomes;
}

/**
 * The server has taken the message: from here on a lost record means a second copy (the lapsed claim
 * is sent again). So a database that is away for a moment (a restart, a failover) is waited for,
 * up to half the lease and at most RECORD_RETRY_MS; the update is idempotent.
 */
async function recordSent(deps: DigestDeps, sent: Sent): Promise<void> {
  const deadline = Date.now() + Math.min(deps.leaseMs / 2, RECORD_RETRY_MS);
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      await deps.prisma.$executeRaw`
        UPDATE email_deliveries
        SET status = 'sent', sent_at = ${deps.clock()}, summary_count = ${sent.summaryCount},
            provider_message_id = ${sent.messageId}, provider_response = ${sent.response},
            lease_expires_at = NULL, updated_at = now()
        WHERE id = ${sent.deliveryId}::uuid`;
      return;
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      deps.log.warn(
        { err: error, deliveryId: sent.deliveryId },
        'cannot record an accepted digest yet; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

function sendOne(
  deps: DigestDeps,
  recipient: DigestRecipient,
  date: string,
  deliveryId: string,
  template: RenderedEmail,
) {
  const token = signUnsubscribeToken(deps.secret, recipient);
  const links = digestLinks(deps.publicUrl, recipient.language, token, date);
  const email = personalizeDigest(template, links);
  const host = new URL(deps.publicUrl).hostname || 'localhost';
  return deps.transport.sendMail({
    from: deps.from,
    to: recipient.email,
    subject: email.subject,
    html: email.html,
    text: email.text,
    textEncoding: textEncodingFor(recipient.language),
    messageId: `<digest.${deliveryId}@${host}>`,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `Daily Curated digest <digest.${host}>`,
      'Auto-Submitted': 'auto-generated',
      Precedence: 'bulk',
    },
  });
}

async function recordFailure(
  deps: DigestDeps,
  recipient: DigestRecipient,
  deliveryId: string,
  error: unknown,
): Promise<DeliveryOutcome> {
  const reply = smtpReply(error).slice(0, 500);
  if (isPermanentSmtpError(error)) {
    // A hard bounce: the address is marked and no later digest goes to it.
    await deps.prisma.$transaction([
      deps.prisma.emailDelivery.update({
        where: { id: deliveryId },
        data: { status: 'failed', errorMessage: reply, providerResponse: reply, leaseExpiresAt: null },
      }),
      deps.prisma.newsletterSubscriber.update({ where: { id: recipient.id }, data: { status: 'bouncing' } }),
    ]);
    deps.log.warn({ subscriberId: recipient.id, reply }, 'digest bounced: subscriber marked bouncing');
    return 'bounced';
  }
  // Temporary: back to pending, so a later tick tries again (up to maxAttempts).
  const row = await deps.prisma.emailDelivery.update({
    where: { id: deliveryId },
    data: { status: 'pending', errorMessage: reply, leaseExpiresAt: null },
  });
  if (row.attempts >= deps.maxAttempts) {
    await deps.prisma.emailDelivery.update({ where: { id: deliveryId }, data: { status: 'failed' } });
    deps.log.error({ subscriberId: recipient.id, reply }, 'digest failed after all attempts');
    return 'failed';
  }
  deps.log.warn({ subscriberId: recipient.id, reply }, 'digest send failed; will retry');
  return 'retry';
}

/**
 * A subscriber as the send path needs them, regardless of the time of day (admin send), or null when
 * they may get no digest: only active, confirmed subscribers do (the scheduled tick's own rule).
 */
export async function loadRecipient(
  prisma: PrismaClient,
  subscriberId: string,
): Promise<DigestRecipient | null> {
  const subscriber = await prisma.newsletterSubscriber.findFirst({
    where: { id: subscriberId, status: 'active', confirmedAt: { not: null } },
    include: { subscriptions: { where: { enabled: true }, select: { topicId: true } } },
  });
  if (!subscriber) return null;
  return {
    id: subscriber.id,
    email: subscriber.email,
    language: subscriber.language === 'ZH' ? 'zh' : 'en',
    timeZone: subscriber.timeZone,
    unsubscribeToken: subscriber.unsubscribeToken,
    topicIds: subscriber.subscriptions.map((s) => s.topicId),
  };
}
