import { DigestCache, dueZones } from '@app/digest';
import { resolveInterrupted } from './delivery-records.ts';
import { dueRecipients, RECIPIENT_BATCH, subscriberZones } from '@app/digest';
import { type DeliveryOutcome, type DigestDeps, deliverDigests } from './send-digests.ts';

export type TickStats = Record<DeliveryOutcome, number> & { interrupted: number };

/** One scheduler tick: each zone a subscriber chose whose 8 AM has come, everyone there not yet served today. */
export async function runDigestTick(deps: DigestDeps): Promise<TickStats> {
  const stats: TickStats = { sent: 0, skipped: 0, failed: 0, bounced: 0, retry: 0, taken: 0, interrupted: 0 };
  stats.interrupted = await resolveInterrupted(deps);
  if (stats.interrupted > 0)
    deps.log.warn({ rows: stats.interrupted }, 'interrupted digest sends queued again');
  const cache = new DigestCache(deps);
  const now = deps.clock();
  for (const { timeZone, date } of dueZones(now, await subscriberZones(deps.prisma))) {
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
      if (batch.length < RECIPIENT_BATCH) break;
    }
  }
  if (stats.sent + stats.failed + stats.bounced > 0) {
    deps.log.info({ ...stats, renders: cache.builtCount }, 'digest tick done');
  }
  return stats;
}
