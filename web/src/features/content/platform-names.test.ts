import { GENERATION_PLATFORM_NAMES, GENERATION_PLATFORMS, PLATFORMS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import en from '../../i18n/en.json';
import { namespaceResources } from '../../i18n/namespaces';
import zh from '../../i18n/zh.json';
import { platformName } from './platform-options';

// Every screen names a platform through platformName, from the one list in the shared strings; a
// translation file that grew its own list would let screens drift apart again.
const PLATFORM_IDS = new Set<string>([...PLATFORMS, ...GENERATION_PLATFORMS]);

/** Paths of the objects whose keys are mostly platform ids: a list of platform names. */
function platformNameLists(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  const own = keys.filter((key) => PLATFORM_IDS.has(key)).length >= 3 ? [path || '(root)'] : [];
  return [
    ...own,
    ...Object.entries(value).flatMap(([key, child]) =>
      platformNameLists(child, path ? `${path}.${key}` : key),
    ),
  ];
}

/** The app's strings, bundled once per language (each build compiles every namespace of both). */
const bundled = { en: createI18n('en'), zh: createI18n('zh') };
const tIn = (language: 'en' | 'zh', namespace: 'admin' | 'content' | 'generation' = 'content') =>
  bundled[language].fixedT(namespace);

describe('platform names', () => {
  it('are listed once, in the shared strings, in both languages', () => {
    expect(platformNameLists({ ...namespaceResources.en, translation: en })).toEqual([
      'translation.platforms',
    ]);
    expect(platformNameLists({ ...namespaceResources.zh, translation: zh })).toEqual([
      'translation.platforms',
    ]);
  });

  it('name every source platform, no two alike, whichever screen asks', () => {
    for (const language of ['en', 'zh'] as const) {
      const names = PLATFORMS.map((id) => platformName(tIn(language), id));
      expect(new Set(names).size).toBe(PLATFORMS.length);
      for (const namespace of ['admin', 'generation'] as const)
        expect(PLATFORMS.map((id) => platformName(tIn(language, namespace), id))).toEqual(names);
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
      const t = tIn(language, 'generation');
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
    expect(
      platformNameLists({ admin: { platforms: { blog: 'Blog', wechat: 'WeChat', reddit: 'Reddit' } } }),
    ).toEqual(['admin.platforms']);
  });
});
