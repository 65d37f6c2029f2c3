import {
  DigestCache,
  type DigestRecipient,
  dueRecipients,
  dueZones,
  RECIPIENT_BATCH,
  subscriberZones,
} from '@app/digest';
import PQueue from 'p-queue';
import { resolveInterrupted, SentRecords } from './delivery-records.ts';
import { claimDigests, type DeliveryOutcome, type DigestDeps, sendClaimed } from './send-digests.ts';

export type TickStats = Record<DeliveryOutcome, number> & { interrupted: number };

/**
 * One scheduler tick: each zone a subscriber chose whose 8 AM has come, everyone there not yet served
 * today. Up to `concurrency` sends run at once without pauses between groups: recipients are claimed
 * a small group at a time as soon as there is room for the group, while the other sends go on, and
 * the next batch of recipients is read while the current one goes out. Claimed rows never outnumber
 * `concurrency`, so a crash leaves at most that many to send again.
 */
export async function runDigestTick(deps: DigestDeps): Promise<TickStats> {
  const stats: TickStats = { sent: 0, skipped: 0, failed: 0, bounced: 0, retry: 0, taken: 0, interrupted: 0 };
  stats.interrupted = await resolveInterrupted(deps);
  if (stats.interrupted > 0)
    deps.log.warn({ rows: stats.interrupted }, 'interrupted digest sends queued again');
  const cache = new DigestCache(deps);
  const records = new SentRecords(deps);
  const sends = new PQueue({ concurrency: deps.concurrency });
  const group = Math.max(1, Math.ceil(deps.concurrency / 2));
  let failure: { error: unknown } | undefined;
  const count = (outcome: DeliveryOutcome) => {
    stats[outcome] += 1;
  };
  const stopped = () => deps.signal?.aborted === true || failure !== undefined;
  try {
    for (const { timeZone, date } of dueZones(deps.clock(), await subscriberZones(deps.prisma))) {
      for await (const batch of recipientBatches(deps, timeZone, date)) {
        for (let i = 0; i < batch.length && !stopped(); i += group) {
          const recipients = batch.slice(i, i + group);
          await roomFor(sends, recipients.length, deps.concurrency);
          if (stopped()) break;
          const { outcomes, claimed } = await claimDigests(deps, recipients, date, cache);
          outcomes.forEach(count);
          for (const item of claimed) {
            sends
              .add(() => sendClaimed(deps, item, date, records))
              .then(
                (outcome) => count(outcome as DeliveryOutcome),
                (error: unknown) => {
                  failure ??= { error };
                },
              );
          }
        }
        if (stopped()) break;
      }
      if (stopped()) break;
    }
  } finally {
    // Claimed sends finish and are recorded whatever stopped the claiming.
    await sends.onIdle();
  }
  if (failure) throw failure.error;
  if (stats.sent + stats.failed + stats.bounced > 0) {
    deps.log.info({ ...stats, renders: cache.builtCount }, 'digest tick done');
  }
  return stats;
}

/** Waits until `count` more sends fit within `limit` (running and waiting ones counted). */
async function roomFor(sends: PQueue, count: number, limit: number): Promise<void> {
  while (sends.size + sends.pending + count > limit) {
    await new Promise<void>((resolve) => sends.once('next', () => resolve()));
  }
}

/** A zone's due recipients a batch at a time, the next batch read while the caller works on this one. */
async function* recipientBatches(
  deps: DigestDeps,
  timeZone: string,
  date: string,
): AsyncGenerator<DigestRecipient[]> {
  let next = dueRecipients(deps.prisma, timeZone, date, '00000000-0000-0000-0000-000000000000');
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    const more = batch.length === RECIPIENT_BATCH;
    if (more) {
      next = dueRecipients(deps.prisma, timeZone, date, batch.at(-1)!.id);
      // Read ahead: a failure is thrown where the batch is awaited, not as an unhandled rejection.
      next.catch(() => {});
    }
    yield batch;
    if (!more) return;
  }
}
