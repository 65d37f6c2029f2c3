import { DigestCache } from '@app/digest';
import { defineProcessor } from '@app/queue';
import { loadRecipient } from '@app/digest';
import { type DigestDeps, deliverDigest } from '../digest/send-digests.ts';

/**
 * One subscriber's digest for one date, now (the admin's "send"): the scheduled path's own
 * deliverDigest, so it is claimed and recorded like any delivery. It may redo a quiet-day skip or a
 * failure, never a digest already sent.
 */
export function sendDigestProcessor(deps: Omit<DigestDeps, 'log'>) {
  return defineProcessor({
    name: 'send-digest',
    async handle(payload, { log }) {
      const recipient = await loadRecipient(deps.prisma, payload.subscriberId);
      // Gone, unconfirmed, unsubscribed or bouncing: nothing is sent to them.
      if (!recipient) return { outcome: 'not-eligible' };
      const outcome = await deliverDigest(
        { ...deps, log },
        recipient,
        payload.digestDate,
        new DigestCache(deps),
        {
          retryable: ['pending', 'skipped', 'failed'],
        },
      );
      log.info(
        { subscriberId: recipient.id, digestDate: payload.digestDate, outcome },
        'digest sent on request',
      );
      return { outcome };
    },
  });
}
