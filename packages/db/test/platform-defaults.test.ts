import { PLATFORMS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultConfigFor,
  defaultLanguageFor,
  PLATFORM_DEFAULT_CONFIG,
  platformFromId,
  platformToId,
  SUMMARY_TYPE_BY_PLATFORM,
} from '../src/platform-defaults.ts';

describe('platform defaults', () => {
  it('covers all eight platforms', () => {
    const platforms = PLATFORMS.map((id) => platformFromId(id));
    expect(platforms).toHaveLength(8);
    expect(Object.keys(PLATFORM_DEFAULT_CONFIG)).toEqual(expect.arrayContaining(platforms));
    expect(Object.keys(PLATFORM_DEFAULT_CONFIG)).toHaveLength(8);
    expect(Object.keys(SUMMARY_TYPE_BY_PLATFORM).sort()).toEqual([...platforms].sort());
  });

  it('maps the spec id twitter-rss to the Prisma value and back', () => {
    expect(platformFromId('twitter-rss')).toBe('twitter_rss');
    expect(platformToId('twitter_rss')).toBe('twitter-rss');
    expect(platformFromId('blog')).toBe('blog');
    expect(platformFromId('twitter_rss')).toBe('twitter_rss');
    expect(platformFromId('linkedin')).toBeNull();
  });

  it('hands out copies, so editing one config never changes the defaults', () => {
    const config = defaultConfigFor('xiaohongshu', { max_notes: 5 });
    (config.keywords as string[]).push('x');
    expect(config.max_notes).toBe(5);
    expect(PLATFORM_DEFAULT_CONFIG.xiaohongshu.keywords).toEqual([]);
  });

  it('defaults Chinese-only platforms to ZH', () => {
    expect(defaultLanguageFor('wechat')).toBe('ZH');
    expect(defaultLanguageFor('xiaohongshu')).toBe('ZH');
    expect(defaultLanguageFor('reddit')).toBe('EN');
  });
});
