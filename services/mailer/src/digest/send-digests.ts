import type { PrismaClient, SqlRunner } from '@app/db';
import {
  type BuiltDigest,
  type DigestCache,
  type DigestRecipient,
  digestLinks,
  personalizeDigest,
  type RenderedEmail,
  signUnsubscribeToken,
} from '@app/digest';
import type { Logger } from '@app/logger';
import { type MailTransport, textEncodingFor } from '../mail-transport.ts';
import { claim, recordFailure, SentRecords } from './delivery-records.ts';
import type { Clock } from './time.ts';

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
  /** Runs the send's hot statements; the client's own pool when absent (`createSqlRunner`). */
  sql?: SqlRunner;
  /** Stops claiming new recipients (graceful shutdown); sends in hand finish and are recorded. */
  signal?: AbortSignal;
};

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'bounced' | 'retry' | 'taken';

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

/** A recipient whose digest is built and whose delivery row is ours: ready for SMTP. */
export type ClaimedDigest = {
  recipient: DigestRecipient;
  digest: NonNullable<BuiltDigest>;
  deliveryId: string;
};

/**
 * Builds a group's digests, records its quiet days as skipped (so later ticks do not look again) and
 * claims the rest in one statement. Returns the outcomes of those not to be sent (skipped, or held by
 * another run or final) and the claimed ones.
 */
export async function claimDigests(
  deps: DigestDeps,
  recipients: DigestRecipient[],
  date: string,
  cache: DigestCache,
  options: DeliverOptions = {},
): Promise<{ outcomes: DeliveryOutcome[]; claimed: ClaimedDigest[] }> {
  const retryable = options.retryable ?? ['pending'];
  const built = await Promise.all(recipients.map((recipient) => cache.get(recipient, date)));
  const quiet = recipients.filter((_, i) => !built[i]);
  const outcomes: DeliveryOutcome[] = [];
  if (quiet.length > 0) {
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
  const ids = await claim(
    deps,
    sendable.map((s) => s.recipient.id),
    date,
    'sending',
    retryable,
  );
  const claimed: ClaimedDigest[] = [];
  for (const { recipient, digest } of sendable) {
    const deliveryId = ids.get(recipient.id);
    if (deliveryId) claimed.push({ recipient, digest, deliveryId });
    else outcomes.push('taken');
  }
  return { outcomes, claimed };
}

/**
 * Hands one claimed digest to SMTP and records the server's answer: accepted ones as soon as the
 * reply arrives (so a crash leaves no accepted message unrecorded for longer than one statement),
 * refused ones as bounced or to retry.
 */
export async function sendClaimed(
  deps: DigestDeps,
  { recipient, digest, deliveryId }: ClaimedDigest,
  date: string,
  records: SentRecords,
): Promise<DeliveryOutcome> {
  let info: Awaited<ReturnType<typeof sendOne>>;
  try {
    info = await sendOne(deps, recipient, date, deliveryId, digest.template);
  } catch (error) {
    return recordFailure(deps, recipient, deliveryId, error);
  }
  await records.record({
    deliveryId,
    summaryCount: digest.summaryCount,
    messageId: info.messageId,
    response: String(info.response ?? '').slice(0, 500),
    recipient,
  });
  return 'sent';
}

/** A group of recipients, claimed together and sent at once (an admin's send, tests). */
export async function deliverDigests(
  deps: DigestDeps,
  recipients: DigestRecipient[],
  date: string,
  cache: DigestCache,
  options: DeliverOptions = {},
): Promise<DeliveryOutcome[]> {
  const { outcomes, claimed } = await claimDigests(deps, recipients, date, cache, options);
  const records = new SentRecords(deps);
  const sent = await Promise.all(claimed.map((item) => sendClaimed(deps, item, date, records)));
  return [...outcomes, ...sent];
}

const hosts = new Map<string, string>();

/** The site's host name, for Message-IDs and List-Id (parsed once, not for every message). */
function hostOf(publicUrl: string): string {
  let host = hosts.get(publicUrl);
  if (host === undefined) {
    host = new URL(publicUrl).hostname || 'localhost';
    hosts.set(publicUrl, host);
  }
  return host;
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
  const email = personalizeDigest(template, links, recipient.timeZone);
  const host = hostOf(deps.publicUrl);
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
