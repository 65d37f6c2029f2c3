import type { MeNewsletterResponse } from '@app/contracts';

type Subscription = NonNullable<MeNewsletterResponse['subscription']>;

/**
 * What the profile's digest card says under the switch when no digest goes out now: the address has
 * not confirmed yet, or it was unsubscribed or bounced. The setting is kept for when it does again.
 */
export function digestNoteKey(subscription: Subscription): 'digestUnconfirmed' | 'digestStopped' | null {
  if (subscription.status !== 'active') return 'digestStopped';
  return subscription.confirmed ? null : 'digestUnconfirmed';
}
