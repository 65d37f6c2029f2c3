/**
 * Items of the shared feed fixtures that report one event, for the labelled sets (each other feed
 * item is an event of its own). Matched by headline within one feed.
 * - A recall announcement and its updated or expanded notice.
 * - One blog's posts on one news event: Travis Kalanick's resignation (the news, the account of
 *   his last hours, and a commentator on the board's statement, all of June 21, 2017), and Chris
 *   Lattner leaving Tesla (the news and his own account of it). The employees' petition for his
 *   return, days later, is an event of its own.
 */
export const SAME_EVENT_IN_FEEDS: { feed: string; event: string; headline: RegExp }[] = [
  {
    feed: 'rss2-pubdate-html-time-element-xml-base.xml',
    event: 'torrent-losartan-recall',
    headline: /^(updated: )?torrent pharmaceuticals limited (issues|expands)/i,
  },
  {
    feed: 'rss2-pubdate-html-time-element-xml-base.xml',
    event: 'legacy-losartan-recall',
    headline: /^legacy pharmaceutical packaging, llc (issues|expands)/i,
  },
  {
    feed: 'atom-html-content-xml-base-relative-links.xml',
    event: 'kalanick-resigns',
    headline:
      /^(uber founder travis kalanick resigns|inside travis kalanick’s resignation|‘four things in those two sentences’)/i,
  },
  {
    feed: 'atom-html-content-xml-base-relative-links.xml',
    event: 'lattner-leaves-tesla',
    headline: /^chris lattner (out at tesla|on his stint at tesla)/i,
  },
];

/** The event of a feed item: its group's, else its own id. */
export function feedItemEvent(feed: string, headline: string, id: string): string {
  return SAME_EVENT_IN_FEEDS.find((rule) => rule.feed === feed && rule.headline.test(headline))?.event ?? id;
}
