import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@app/contracts';
import { comparePlatforms, sortPlatforms } from './platform-order.ts';

describe('comparePlatforms', () => {
  it('puts platforms in the spec order whatever order they arrive in', () => {
    const shuffled = [
      'reddit',
      'twitter',
      'youtube',
      'blog',
      'twitter-rss',
      'podcast',
      'xiaohongshu',
      'wechat',
    ];
    expect(shuffled.sort(comparePlatforms)).toEqual([
      'blog',
      'wechat',
      'youtube',
      'podcast',
      'xiaohongshu',
      'twitter',
      'twitter-rss',
      'reddit',
    ]);
    expect(sortPlatforms([...PLATFORMS].reverse())).toEqual([...PLATFORMS]);
  });

  it('ranks the database spelling of Twitter RSS as its API id', () => {
    expect(sortPlatforms(['reddit', 'twitter_rss', 'twitter'])).toEqual(['twitter', 'twitter_rss', 'reddit']);
    expect(comparePlatforms('twitter_rss', 'twitter-rss')).not.toBe(0);
  });

  it('puts unknown platforms last, by name, and leaves the input alone', () => {
    const input = ['mastodon', 'reddit', 'bluesky', 'blog'];
    expect(sortPlatforms(input)).toEqual(['blog', 'reddit', 'bluesky', 'mastodon']);
    expect(input).toEqual(['mastodon', 'reddit', 'bluesky', 'blog']);
  });
});
