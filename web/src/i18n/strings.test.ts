import { describe, expect, it } from 'vitest';
import { createI18n } from './index';
import type { Language } from './language';
import type { Namespace } from './loaders';
import { AppI18n } from './strings';

/** Compiled catalogs as `lingui compile` writes them: each message a list of text and placeholder tokens. */
const catalogs: Record<Language, Partial<Record<Namespace, unknown>>> = {
  en: {
    shared: { messages: { 'shared.greeting': ['Hello ', ['name'], ', welcome to ', ['place']] } },
    content: {
      messages: {
        'content.title': ['Content'],
        'content.items': [['count', 'plural', { one: ['one story'], other: ['#', ' stories'] }]],
      },
    },
  },
  zh: {
    shared: { messages: { 'shared.greeting': ['你好 ', ['name']] } },
    content: {
      messages: {
        'content.title': ['内容'],
        'content.items': [['count', 'plural', { other: ['#', ' 篇'] }]],
      },
    },
  },
};

/** Catalogs served from the table above, counting the fetches; `failures` fetches fail first. */
function source(failures = 0) {
  const calls: string[] = [];
  let failing = failures;
  const read = async (language: Language, namespace: Namespace) => {
    calls.push(`${language}:${namespace}`);
    await Promise.resolve();
    if (failing > 0) {
      failing -= 1;
      throw new Error('offline');
    }
    const catalog = catalogs[language][namespace];
    if (!catalog) throw new Error(`no ${namespace}`);
    return catalog;
  };
  return { read, calls };
}

describe('the catalogs', () => {
  it('fill placeholders and pick plural forms by the language', async () => {
    const i18n = new AppI18n('en', source().read);
    await Promise.all([i18n.loadNamespace('shared'), i18n.loadNamespace('content')]);
    const { lingui } = i18n;
    expect(lingui._('shared.greeting', { name: 'Ada', place: 'Curated' })).toBe(
      'Hello Ada, welcome to Curated',
    );
    expect(lingui._('content.items', { count: 1 })).toBe('one story');
    expect(lingui._('content.items', { count: 1000 })).toBe('1,000 stories');
    // An id no catalog has reads as itself (or as the message the code gives).
    expect(lingui._('nothing.here')).toBe('nothing.here');
    expect(lingui._({ id: 'shared.platforms.mastodon', message: 'mastodon' })).toBe('mastodon');
  });

  it('refuse a file that is not a compiled catalog', async () => {
    const i18n = new AppI18n('en', () => ({ greeting: 'Hello {{name}}' }));
    await expect(i18n.loadNamespace('shared')).rejects.toThrow('en/shared is not a compiled Lingui catalog');
    expect(i18n.hasNamespace('shared')).toBe(false);
  });

  it('switch language only once the loaded catalogs are in for the new one', async () => {
    const strings = source();
    const i18n = new AppI18n('en', strings.read);
    await Promise.all([i18n.loadNamespace('shared'), i18n.loadNamespace('content')]);
    const switching = i18n.changeLanguage('zh');
    expect(i18n.language).toBe('en');
    expect(i18n.lingui._('shared.greeting', { name: 'A', place: 'B' })).toBe('Hello A, welcome to B');
    await switching;
    expect(i18n.language).toBe('zh');
    expect(strings.calls.sort()).toEqual(['en:content', 'en:shared', 'zh:content', 'zh:shared']);
    expect(i18n.lingui._('shared.greeting', { name: 'A' })).toBe('你好 A');
    // Chinese has one plural form: 'other', even for 1.
    expect(i18n.lingui._('content.items', { count: 1 })).toBe('1 篇');
  });

  it('tell the screens about a language switch, and not about a catalog arriving', async () => {
    const i18n = new AppI18n('en', source().read);
    const heard: string[] = [];
    const stop = i18n.onLanguageChange(() => heard.push(i18n.language));
    await i18n.loadNamespace('shared');
    await i18n.loadNamespace('content');
    expect(heard).toEqual([]);
    await i18n.changeLanguage('zh');
    await i18n.changeLanguage('zh');
    expect(heard).toEqual(['zh']);
    stop();
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['zh']);
  });

  it('keep the last language asked for when a switch back comes before the first one finished', async () => {
    const i18n = new AppI18n('en', source().read);
    await i18n.loadNamespace('shared');
    const toChinese = i18n.changeLanguage('zh');
    await i18n.changeLanguage('en');
    await toChinese;
    expect(i18n.language).toBe('en');
    expect(i18n.lingui._('shared.greeting', { name: 'A', place: 'B' })).toBe('Hello A, welcome to B');
  });

  it('fetch a catalog once, and again after a failure', async () => {
    const strings = source(1);
    const i18n = new AppI18n('en', strings.read);
    await expect(i18n.loadNamespace('content')).rejects.toThrow('offline');
    expect(i18n.hasNamespace('content')).toBe(false);
    await Promise.all([i18n.loadNamespace('content'), i18n.loadNamespace('content')]);
    expect(i18n.hasNamespace('content')).toBe(true);
    expect(strings.calls).toEqual(['en:content', 'en:content']);
  });

  it('bundle every catalog of both languages for the tests', async () => {
    const i18n = createI18n('zh');
    expect(i18n.lingui._('apiErrors.codes.NOT_FOUND')).toMatch(/[\u4e00-\u9fff]/);
    await i18n.changeLanguage('en');
    expect(i18n.lingui._('apiErrors.codes.NOT_FOUND')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
