import { createSqlRunner, type SqlRunner } from '@app/db';
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
 * The hot statements of a send (a claim per group, a record per group commit) run as named prepared
 * statements on the client's own pool (`createSqlRunner`): parsed and planned once per connection,
 * without Prisma's per-query work, on the two cores the mailer shares with PostgreSQL.
 */
const sqlOf = (deps: Pick<DigestDeps, 'prisma' | 'sql'>): SqlRunner =>
  deps.sql ?? createSqlRunner(deps.prisma);

const CLAIM_SQL = `
  INSERT INTO email_deliveries (id, subscriber_id, digest_date, status, attempts, lease_expires_at, created_at, updated_at)
  SELECT gen_random_uuid(), subscriber_id, $2::date, $3::"DeliveryStatus", $4::int, $5::timestamptz, now(), now()
  FROM unnest($1::uuid[]) AS subscriber_id
  ON CONFLICT (subscriber_id, digest_date) DO UPDATE
    SET status = EXCLUDED.status, attempts = email_deliveries.attempts + EXCLUDED.attempts,
        lease_expires_at = EXCLUDED.lease_expires_at, error_message = NULL, updated_at = now()
    WHERE email_deliveries.status::text = ANY($6::text[])
      AND email_deliveries.attempts < $7::int
  RETURNING id, subscriber_id`;

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
  const rows = await sqlOf(deps)<{ id: string; subscriber_id: string }>({
    name: 'digest-claim',
    text: CLAIM_SQL,
    values: [subscriberIds, date, status, status === 'sending' ? 1 : 0, lease, retryable, deps.maxAttempts],
  });
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
/** Rows one recording statement takes at most. */
const RECORD_GROUP = 100;

type Waiting = { sent: Sent; resolve: () => void; reject: (error: unknown) => void };

/**
 * Records accepted messages as their replies arrive. A reply that arrives while no statement is
 * running is written at once; the ones that arrive while one runs are written together right after
 * it (a group commit), so a busy send writes one statement per round trip instead of one per message,
 * and no record waits longer than the statement before it.
 */
export class SentRecords {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly deps: DigestDeps) {}

  record(sent: Sent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ sent, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, RECORD_GROUP);
      try {
        await recordSent(
          this.deps,
          group.map((entry) => entry.sent),
        );
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    this.writing = false;
  }
}

/** A uuid[] value as one text parameter (rows of different lengths cannot share a 2-D array). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

const RECORD_SENT_SQL = `
  UPDATE email_deliveries d
  SET status = 'sent', sent_at = $1::timestamptz, summary_count = r.summary_count,
      provider_message_id = r.message_id, provider_response = r.response,
      topic_ids = r.topic_ids::uuid[], datasource_ids = r.datasource_ids::uuid[],
      language = r.language::"Language", time_zone = r.time_zone,
      lease_expires_at = NULL, updated_at = now()
  FROM unnest($2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
    AS r(id, summary_count, message_id, response, topic_ids, datasource_ids, language, time_zone)
  WHERE d.id = r.id`;

/**
 * The server has taken the messages: from here on a lost record means a second copy (the lapsed claim
 * is sent again). So a database that is away for a moment (a restart, a failover) is waited for,
 * up to half the lease and at most RECORD_RETRY_MS; the update is idempotent. Each row keeps what the
 * digest was made of, so its 'view in browser' link shows this digest whatever the subscriber changes.
 */
async function recordSent(deps: DigestDeps, rows: Sent[]): Promise<void> {
  const deadline = Date.now() + Math.min(deps.leaseMs / 2, RECORD_RETRY_MS);
  const statement = {
    name: 'digest-record-sent',
    text: RECORD_SENT_SQL,
    values: [
      deps.clock(),
      rows.map((row) => row.deliveryId),
      rows.map((row) => row.summaryCount),
      rows.map((row) => row.messageId),
      rows.map((row) => row.response),
      rows.map((row) => uuidArray(row.recipient.topicIds)),
      rows.map((row) => uuidArray(row.recipient.datasourceIds)),
      rows.map((row) => toDataLanguage(row.recipient.language)),
      rows.map((row) => row.recipient.timeZone),
    ],
  };
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      await sqlOf(deps)(statement);
      return;
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      deps.log.warn(
        { err: error, deliveryIds: rows.map((row) => row.deliveryId) },
        'cannot record accepted digests yet; retrying',
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
