import { describe, expect, it } from 'vitest';
import { podcastFeedUrl } from './podcast-feed-url';

describe('podcast feed URL', () => {
  const base = 'https://app.test/api/podcasts/feed/abc_DEF-123';

  it('adds the chosen languages and topics to the private URL, replacing its own query', () => {
    expect(podcastFeedUrl(`${base}?lang=en`, ['zh'], [])).toBe(`${base}?lang=zh`);
    expect(podcastFeedUrl(base, ['en', 'zh'], ['t1', 't2'])).toBe(`${base}?lang=en,zh&topics=t1,t2`);
  });

  it('falls back to English when no language is chosen', () => {
    expect(podcastFeedUrl(base, [], ['t1'])).toBe(`${base}?lang=en&topics=t1`);
  });
});
