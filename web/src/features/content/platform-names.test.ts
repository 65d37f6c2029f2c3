import type { MessageDescriptor } from '@lingui/core';
import { GENERATION_PLATFORM_NAMES, GENERATION_PLATFORMS, PLATFORMS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { PLATFORM_MESSAGES } from '../ui/platform-messages';
import { platformName } from './platform-options';

// Every screen names a platform through platformName, from the one list in the shared catalog; a
// feature catalog that grew its own list would let screens drift apart again.
const PLATFORM_IDS = new Set<string>([...PLATFORMS, ...GENERATION_PLATFORMS, 'twitter-rss']);

/** The prefixes under which a catalog names three platforms or more (`x.platforms.blog`…): platform lists. */
function platformNameLists(messages: Record<string, unknown>): string[] {
  const byPrefix = new Map<string, number>();
  for (const id of Object.keys(messages)) {
    const dot = id.lastIndexOf('.');
    if (PLATFORM_IDS.has(id.slice(dot + 1)))
      byPrefix.set(id.slice(0, dot), (byPrefix.get(id.slice(0, dot)) ?? 0) + 1);
  }
  return [...byPrefix].filter(([, count]) => count >= 3).map(([prefix]) => prefix);
}

/** Every catalog of both languages, bundled once per language. */
const bundled = { en: createI18n('en').lingui, zh: createI18n('zh').lingui };
const tIn = (language: 'en' | 'zh') => (descriptor: MessageDescriptor) => bundled[language]._(descriptor);

describe('platform names', () => {
  it('are listed once, in the shared catalog, in both languages, each declared', () => {
    expect(platformNameLists(bundled.en.messages)).toEqual(['shared.platforms']);
    expect(platformNameLists(bundled.zh.messages)).toEqual(['shared.platforms']);
    const declared = new Set(PLATFORM_MESSAGES.map((descriptor) => descriptor.id));
    for (const id of PLATFORM_IDS) expect(declared.has(`shared.platforms.${id}`), id).toBe(true);
  });

  it('name every source platform, no two alike, whichever screen asks', () => {
    for (const language of ['en', 'zh'] as const) {
      const names = PLATFORMS.map((id) => platformName(tIn(language), id));
      expect(new Set(names).size).toBe(PLATFORMS.length);
    }
    expect(PLATFORMS.map((id) => platformName(tIn('en'), id))).toEqual([
      'Blog',
      'WeChat',
      'YouTube',
      'Podcast',
      'Rednote',
      'Twitter search',
      'Twitter',
      'Reddit',
    ]);
    expect(PLATFORMS.map((id) => platformName(tIn('zh'), id))).toEqual([
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

  it('give a generation target its network’s name, as its sources show it and the prompts say it', () => {
    for (const language of ['en', 'zh'] as const) {
      const t = tIn(language);
      expect(platformName(t, 'twitter', 'target')).toBe(platformName(t, 'twitter-rss'));
      for (const id of ['wechat', 'xiaohongshu', 'reddit'])
        expect(platformName(t, id, 'target')).toBe(platformName(t, id));
    }
    expect(GENERATION_PLATFORMS.map((id) => platformName(tIn('en'), id, 'target'))).toEqual(
      GENERATION_PLATFORMS.map((id) => GENERATION_PLATFORM_NAMES[id]),
    );
  });

  it('read database spellings as ids and show unknown ids as they are', () => {
    expect(platformName(tIn('en'), 'twitter_rss')).toBe('Twitter');
    expect(platformName(tIn('zh'), 'mastodon')).toBe('mastodon');
    expect(platformName(tIn('en'), 'toString')).toBe('toString');
  });

  it('would find a second list (the check itself)', () => {
    const names = {
      'admin.platforms.blog': ['Blog'],
      'admin.platforms.wechat': ['WeChat'],
      'admin.platforms.reddit': ['Reddit'],
    };
    expect(platformNameLists(names)).toEqual(['admin.platforms']);
  });
});
