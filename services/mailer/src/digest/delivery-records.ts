import type { DigestRecipient } from '@app/digest';
import { toDataLanguage } from '@app/rules';
import { isPermanentSmtpError, smtpReply } from '../mail-transport.ts';
import type { DeliveryOutcome, DigestDeps } from './send-digests.ts';

// The email_deliveries rows of the digest: one per subscriber and local date, claimed before a
// send and recorded as soon as the SMTP server answers.

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

/**
 * Claims the (subscriber, date) rows, creating them or taking over retryable ones. Returns
 * subscriber id → row id for the rows now ours; the others are held by another run or final.
 */
export async function claim(
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

export type Sent = {
  deliveryId: string;
  summaryCount: number;
  messageId: string;
  response: string;
  /** Who it was made for: the topics, sources, language and zone that chose its contents. */
  recipient: Pick<DigestRecipient, 'topicIds' | 'datasourceIds' | 'language' | 'timeZone'>;
};

/** Longest wait for the database to record a message the server accepted. */
const RECORD_RETRY_MS = 30_000;

/**
 * The server has taken the message: from here on a lost record means a second copy (the lapsed claim
 * is sent again). So a database that is away for a moment (a restart, a failover) is waited for,
 * up to half the lease and at most RECORD_RETRY_MS; the update is idempotent. The row keeps what the
 * digest was made of, so its 'view in browser' link shows this digest whatever the subscriber changes.
 */
export async function recordSent(deps: DigestDeps, sent: Sent): Promise<void> {
  const deadline = Date.now() + Math.min(deps.leaseMs / 2, RECORD_RETRY_MS);
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      await deps.prisma.$executeRaw`
        UPDATE email_deliveries
        SET status = 'sent', sent_at = ${deps.clock()}, summary_count = ${sent.summaryCount},
            provider_message_id = ${sent.messageId}, provider_response = ${sent.response},
            topic_ids = ${sent.recipient.topicIds}::uuid[],
            datasource_ids = ${sent.recipient.datasourceIds}::uuid[],
            language = ${toDataLanguage(sent.recipient.language)}::"Language",
            time_zone = ${sent.recipient.timeZone}, lease_expires_at = NULL, updated_at = now()
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

export async function recordFailure(
  deps: DigestDeps,
  recipient: Pick<DigestRecipient, 'id'>,
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
      deps.prisma.newsletterSubscriber.update({
        where: { id: recipient.id },
        data: {
          status: 'bouncing',
          suppressionReason: 'hard_bounce',
          suppressionSource: 'smtp',
          suppressedAt: deps.clock(),
          suppressionDiagnostic: reply,
        },
      }),
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
