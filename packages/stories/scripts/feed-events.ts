/**
 * Items of the real feed fixtures that tell one event twice, found by reading the false merges of
 * the clustering: each is labelled with one event in both labelled sets. Only the label changes;
 * the items keep their own times.
 */
export const FEED_ITEMS_OF_ONE_EVENT: { event: string; headline: RegExp }[] = [
  // The news of the resignation and the inside account of it, both from the New York Times.
  {
    event: 'kalanick-resigns',
    headline: /^(uber founder travis kalanick resigns|inside travis kalanick’s resignation)/i,
  },
  // The departure, and his résumé of the months at Tesla written on leaving.
  { event: 'lattner-leaves-tesla', headline: /^chris lattner (out at|on his stint at) tesla/i },
];

/** The event of a feed item: a shared one when it is listed above, else its own id. */
export function feedEvent(headline: string, id: string): string {
  return FEED_ITEMS_OF_ONE_EVENT.find((rule) => rule.headline.test(headline))?.event ?? id;
}
