import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { platformBadgeLabels, platformOptions } from './platform-options';

const bundled = { en: createI18n('en'), zh: createI18n('zh') };
const tIn = (language: 'en' | 'zh') => (descriptor: MessageDescriptor) =>
  bundled[language].lingui._(descriptor);

describe('platformBadgeLabels', () => {
  it('names keyword Twitter and Twitter RSS sources apart, each once', () => {
    expect(platformBadgeLabels(tIn('en'), ['reddit', 'twitter', 'twitter-rss', 'twitter'])).toEqual([
      'Twitter search',
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
      'Twitter search',
      'Twitter',
      'Reddit',
    ]);
    expect(platformBadgeLabels(tIn('zh'), all)).toEqual([
      '博客',
      '微信公众号',
      'YouTube',
      '播客',
      '小红书',
      'Twitter 搜索',
      'Twitter',
      'Reddit',
    ]);
  });

  it('shows an unknown platform by its id, after the known ones', () => {
    expect(platformBadgeLabels(tIn('en'), ['mastodon', 'blog'])).toEqual(['Blog', 'mastodon']);
  });
});

describe('platformOptions', () => {
  it('offers the same names as the badges', () => {
    for (const language of ['en', 'zh'] as const) {
      const options = platformOptions(tIn(language));
      expect(options.map((o) => o.label)).toEqual(
        platformBadgeLabels(
          tIn(language),
          options.map((o) => o.value),
        ),
      );
    }
  });
});
