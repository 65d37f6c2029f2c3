import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { platformBadgeLabels } from './platform-options';

const tIn = (language: 'en' | 'zh') => createI18n(language).fixedT('content');

describe('platformBadgeLabels', () => {
  it('names Twitter once when a topic has keyword Twitter and Twitter RSS sources', () => {
    expect(platformBadgeLabels(tIn('en'), ['reddit', 'twitter', 'twitter-rss'])).toEqual([
      'Twitter',
      'Reddit',
    ]);
    expect(platformBadgeLabels(tIn('en'), ['twitter-rss', 'reddit', 'twitter'])).toEqual([
      'Twitter',
      'Reddit',
    ]);
  });

  it('keeps the spec order and the reader’s language', () => {
    const all = ['reddit', 'twitter-rss', 'youtube', 'blog', 'twitter', 'podcast', 'xiaohongshu', 'wechat'];
    expect(platformBadgeLabels(tIn('en'), all)).toEqual([
      'Blog',
      'WeChat',
      'YouTube',
      'Podcast',
      'Rednote',
      'Twitter',
      'Reddit',
    ]);
    expect(platformBadgeLabels(tIn('zh'), all)).toEqual([
      '博客',
      '微信公众号',
      'YouTube',
      '播客',
      '小红书',
      'Twitter',
      'Reddit',
    ]);
  });

  it('shows an unknown platform by its id, after the known ones', () => {
    expect(platformBadgeLabels(tIn('en'), ['mastodon', 'blog'])).toEqual(['Blog', 'mastodon']);
  });
});
