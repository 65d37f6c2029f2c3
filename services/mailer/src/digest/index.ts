// The mailer's digest send path: the scheduled tick, one subscriber's delivery, and their records.
export { resolveInterrupted } from './delivery-records.ts';
export { loadRecipient } from '@app/digest';
export { runDigestTick, type TickStats } from './run-digest-tick.ts';
export {
  type DeliverOptions,
  type DeliveryOutcome,
  type DigestDeps,
  deliverDigest,
  deliverDigests,
} from './send-digests.ts';
export { type Clock, systemClock } from './time.ts';
