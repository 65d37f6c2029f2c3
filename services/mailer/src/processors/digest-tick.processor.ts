import { defineProcessor } from '@app/queue';
import { processBounceMailbox } from '../bounces/bounce-mailbox.ts';
import { runDigestTick } from '../digest/run-digest-tick.ts';
import type { DigestDeps } from '../digest/send-digests.ts';

/**
 * The scheduled tick (every few minutes): sends today's digest to each subscriber whose 8 AM has
 * come. Safe to run twice at once or on several replicas: each delivery row is claimed first.
 * With a bounce Maildir, the reports that arrived since the last tick are taken in first, so an
 * address that bounced yesterday is not sent today's digest.
 */
export function digestTickProcessor(deps: Omit<DigestDeps, 'log'>, bounceMaildir?: string) {
  // One tick at a time per process: a long tick overlapping the next would double the claims in
  // flight on one SMTP pool (more unknown outcomes after a crash) for no extra throughput.
  let running = false;
  return defineProcessor({
    name: 'digest-tick',
    async handle(_payload, { log }) {
      if (running) return { skipped: 'a tick is already running in this process' };
      running = true;
      try {
        const bounces = bounceMaildir
          ? await processBounceMailbox({ ...deps, log, maildir: bounceMaildir })
          : undefined;
        return { ...(await runDigestTick({ ...deps, log })), ...(bounces ? { bounces } : {}) };
      } finally {
        running = false;
      }
    },
  });
}
