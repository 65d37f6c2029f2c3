import type { PrismaClient } from '@app/db';
import {
  type DigestCache,
  type DigestRecipient,
  digestLinks,
  personalizeDigest,
  type RenderedEmail,
  signUnsubscribeToken,
} from '@app/digest';
import type { Logger } from '@app/logger';
import { type MailTransport, textEncodingFor } from '../mail-transport.ts';
import { claim, recordFailure, recordSent } from './delivery-records.ts';
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
        recipient,
      });
      outcomes.push('sent');
    }),
  );
  return outcomes;
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
