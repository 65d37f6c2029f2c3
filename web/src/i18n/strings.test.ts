import { describe, expect, it } from 'vitest';
import { compileNamespace } from './catalog';
import { createI18n } from './index';
import type { Language } from './language';
import type { Namespace } from './loaders';
import { AppI18n } from './strings';

const files: Record<Language, Record<string, object>> = {
  en: {
    translation: {
      greeting: 'Hello {{name}}, welcome to {{ place }}',
      nested: { deep: { key: 'Deep text' } },
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      alone_other: 'a form read by its own key',
    },
    content: { title: 'Content', items_one: 'one story', items_other: '{{count}} stories' },
  },
  zh: {
    translation: { greeting: '你好 {{name}}', items_one: '{{count}} 项', items_other: '{{count}} 项' },
    content: { title: '内容', items_other: '{{count}} 篇' },
  },
};

/** Strings served from the table above, counting the fetches; `failures` fetches of a namespace fail first. */
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
    const tree = files[language][namespace];
    if (!tree) throw new Error(`no ${namespace}`);
    return tree;
  };
  return { read, calls };
}

describe('the string catalogs', () => {
  it('fill placeholders, read nested keys and pick plural forms by the language', async () => {
    const i18n = new AppI18n('en', source().read);
    await i18n.loadNamespace('translation');
    expect(i18n.t('greeting' as never, { name: 'Ada', place: 'Curated' })).toBe(
      'Hello Ada, welcome to Curated',
    );
    expect(i18n.t('nested.deep.key' as never)).toBe('Deep text');
    expect(i18n.t('items' as never, { count: 1 })).toBe('1 item');
    expect(i18n.t('items' as never, { count: 0 })).toBe('0 items');
    expect(i18n.t('items' as never, { count: 1000 })).toBe('1000 items');
    expect(i18n.t('alone_other' as never)).toBe('a form read by its own key');
    expect(i18n.t('alone' as never, { count: 1 })).toBe('a form read by its own key');
    // A placeholder with no value reads as nothing, as i18next did.
    expect(i18n.t('greeting' as never, { place: 'X' })).toBe('Hello , welcome to X');
  });

  it('look a bare key up in the namespace and a named one in its own', async () => {
    const i18n = new AppI18n('en', source().read);
    await Promise.all([i18n.loadNamespace('translation'), i18n.loadNamespace('content')]);
    const content = i18n.fixedT('content');
    expect(content('title' as never)).toBe('Content');
    expect(content('items' as never, { count: 3 })).toBe('3 stories');
    expect(content('translation:items' as never, { count: 3 })).toBe('3 items');
    expect(i18n.t('content:title' as never)).toBe('Content');
  });

  it('answer a missing key with its default text, else the key', async () => {
    const i18n = new AppI18n('en', source().read);
    await i18n.loadNamespace('content');
    const content = i18n.fixedT('content');
    expect(content('platforms.mastodon', { defaultValue: 'mastodon' })).toBe('mastodon');
    expect(content('platforms.mastodon', 'Mastodon')).toBe('Mastodon');
    expect(content('nothing.here' as never)).toBe('nothing.here');
    expect(content('apiErrors:codes.X' as never)).toBe('codes.X');
  });

  it('switch language only once the loaded namespaces are in for the new one', async () => {
    const strings = source();
    const i18n = new AppI18n('en', strings.read);
    await Promise.all([i18n.loadNamespace('translation'), i18n.loadNamespace('content')]);
    const switching = i18n.changeLanguage('zh');
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting' as never, { name: 'A' })).toBe('Hello A, welcome to ');
    await switching;
    expect(i18n.language).toBe('zh');
    expect(strings.calls.sort()).toEqual(['en:content', 'en:translation', 'zh:content', 'zh:translation']);
    expect(i18n.t('greeting' as never, { name: 'A' })).toBe('你好 A');
    // Chinese has one plural form: 'other', even for 1.
    expect(i18n.fixedT('content')('items' as never, { count: 1 })).toBe('1 篇');
  });

  it('tell the screens about a language switch, and not about a namespace arriving', async () => {
    const i18n = new AppI18n('en', source().read);
    const heard: string[] = [];
    const stop = i18n.onLanguageChange(() => heard.push(i18n.language));
    await i18n.loadNamespace('translation');
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
    await i18n.loadNamespace('translation');
    const toChinese = i18n.changeLanguage('zh');
    await i18n.changeLanguage('en');
    await toChinese;
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting' as never, { name: 'A', place: 'B' })).toBe('Hello A, welcome to B');
  });

  it('fetch a namespace once, and again after a failure', async () => {
    const strings = source(1);
    const i18n = new AppI18n('en', strings.read);
    await expect(i18n.loadNamespace('content')).rejects.toThrow('offline');
    expect(i18n.hasNamespace('content')).toBe(false);
    await Promise.all([i18n.loadNamespace('content'), i18n.loadNamespace('content')]);
    expect(i18n.hasNamespace('content')).toBe(true);
    expect(strings.calls).toEqual(['en:content', 'en:content']);
  });

  it('compile every message to tokens, so no text is ever read as ICU syntax', () => {
    const messages = compileNamespace('ns', {
      a: "it's {curly} #1",
      b_one: '{{count}} x',
      b_other: '{{count}} xs',
    });
    expect(messages['ns:a']).toEqual(["it's {curly} #1"]);
    expect(messages['ns:b']).toEqual([
      ['count', 'plural', { one: [['count'], ' x'], other: [['count'], ' xs'] }],
    ]);
    const i18n = createI18n('en');
    i18n.addNamespace('en', 'translation', { a: "it's {curly} #1 {{n}}" });
    expect(i18n.t('a' as never, { n: 2 })).toBe("it's {curly} #1 2");
  });

  it('bundle every namespace of both languages for the tests', async () => {
    const i18n = createI18n('zh');
    expect(i18n.t('apiErrors:codes.NOT_FOUND')).toMatch(/[\u4e00-\u9fff]/);
    await i18n.changeLanguage('en');
    expect(i18n.t('apiErrors:codes.NOT_FOUND')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
