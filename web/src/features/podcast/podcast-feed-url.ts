export type FeedLanguage = 'en' | 'zh';

/**
 * The feed URL a podcast app subscribes to: the user's private feed (its token) with the languages and
 * topics they chose (no topic: all of them). Language codes and topic ids are URL-safe, so the commas
 * stay readable rather than `%2C`.
 */
export function podcastFeedUrl(feedUrl: string, languages: FeedLanguage[], topicIds: string[]): string {
  const base = feedUrl.split('?')[0] as string;
  const lang = languages.length > 0 ? languages : (['en'] as FeedLanguage[]);
  const topics = topicIds.length > 0 ? `&topics=${topicIds.join(',')}` : '';
  return `${base}?lang=${lang.join(',')}${topics}`;
}
