import { describe, expect, it } from 'vitest';
import { DataLanguageSchema, PodcastListQuerySchema, UiLanguageSchema } from '@app/contracts';
import { toDataLanguage, toHtmlLang, toLocale, toUiLanguage } from './language.ts';
import { localName } from './local-name.ts';

describe('language mapping', () => {
  it('goes from interface to data language and back for every language', () => {
    for (const ui of UiLanguageSchema.options) expect(toUiLanguage(toDataLanguage(ui))).toBe(ui);
    for (const data of DataLanguageSchema.options) expect(toDataLanguage(toUiLanguage(data))).toBe(data);
    expect(toDataLanguage('zh')).toBe('ZH');
    expect(toUiLanguage('EN')).toBe('en');
  });

  it('names the Intl locale and the HTML lang of each', () => {
    expect([toLocale('en'), toLocale('zh')]).toEqual(['en-US', 'zh-CN']);
    expect([toHtmlLang('en'), toHtmlLang('zh')]).toEqual(['en', 'zh-CN']);
  });

  it('lets the podcast list take either spelling', () => {
    expect(PodcastListQuerySchema.parse({ language: 'zh' }).language).toBe('ZH');
    expect(PodcastListQuerySchema.parse({ language: 'EN' }).language).toBe('EN');
  });

  it('names a topic in the reader’s language, in English when it has no Chinese name', () => {
    const topic = { name: 'Engineering', name_zh: '工程' };
    expect([localName(topic, 'en'), localName(topic, 'zh')]).toEqual(['Engineering', '工程']);
    expect(localName({ name: 'Gardening', name_zh: null }, 'zh')).toBe('Gardening');
    expect(localName({ name: 'Gardening', name_zh: '' }, 'zh')).toBe('Gardening');
    expect(localName({ name: 'Gardening' }, 'zh')).toBe('Gardening');
  });
});
