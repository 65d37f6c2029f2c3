import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  hasZhPrefix,
  languageFromTag,
  localizeHref,
  localizePath,
  stripLanguagePrefix,
  switchLanguageHref,
} from './language';

describe('language prefix helpers', () => {
  it('recognises the /zh prefix only as a whole segment', () => {
    expect(hasZhPrefix('/zh')).toBe(true);
    expect(hasZhPrefix('/zh/pricing')).toBe(true);
    expect(hasZhPrefix('/zhong')).toBe(false);
    expect(hasZhPrefix('/blog/zh')).toBe(false);
    expect(hasZhPrefix('/')).toBe(false);
  });

  it('strips and adds the prefix', () => {
    expect(stripLanguagePrefix('/zh')).toBe('/');
    expect(stripLanguagePrefix('/zh/')).toBe('/');
    expect(stripLanguagePrefix('/zh/topics/engineering')).toBe('/topics/engineering');
    expect(stripLanguagePrefix('/pricing')).toBe('/pricing');
    expect(localizePath('/', 'zh')).toBe('/zh');
    expect(localizePath('/pricing', 'zh')).toBe('/zh/pricing');
    expect(localizePath('/zh/pricing', 'zh')).toBe('/zh/pricing');
    expect(localizePath('/zh/pricing', 'en')).toBe('/pricing');
    expect(localizePath('/zh', 'en')).toBe('/');
  });

  it('switches language keeping the query string and hash', () => {
    expect(
      switchLanguageHref({ pathname: '/content-summary', search: '?topic=1&date=2024-01-01' }, 'zh'),
    ).toBe('/zh/content-summary?topic=1&date=2024-01-01');
    expect(switchLanguageHref({ pathname: '/zh/blog/post', search: '?a=1', hash: '#top' }, 'en')).toBe(
      '/blog/post?a=1#top',
    );
    expect(switchLanguageHref({ pathname: '/zh' }, 'en')).toBe('/');
    expect(switchLanguageHref({ pathname: '/' }, 'zh')).toBe('/zh');
  });

  it('localizes full hrefs', () => {
    expect(localizeHref('/profile?tab=1#x', 'zh')).toBe('/zh/profile?tab=1#x');
    expect(localizeHref('/zh/admin?x=1', 'en')).toBe('/admin?x=1');
    expect(localizeHref('/?a=1', 'zh')).toBe('/zh?a=1');
  });

  it('maps browser tags', () => {
    expect(languageFromTag('zh-CN')).toBe('zh');
    expect(languageFromTag('zh_TW')).toBe('zh');
    expect(languageFromTag('en-GB')).toBe('en');
    expect(languageFromTag('fr')).toBeUndefined();
    expect(languageFromTag(undefined)).toBeUndefined();
  });
});

describe('detectLanguage', () => {
  it('prefers the path prefix over everything else', () => {
    expect(detectLanguage({ pathname: '/zh/auth', stored: 'en', browserLanguages: ['en-US'] })).toBe('zh');
  });

  it('uses the stored choice for unprefixed paths', () => {
    expect(detectLanguage({ pathname: '/auth', stored: 'zh', browserLanguages: ['en-US'] })).toBe('zh');
    expect(detectLanguage({ pathname: '/auth', stored: 'en', browserLanguages: ['zh-CN'] })).toBe('en');
  });

  it('ignores unsupported stored values and falls back to the browser, then English', () => {
    expect(detectLanguage({ pathname: '/', stored: 'fr', browserLanguages: ['fr-FR', 'zh-CN'] })).toBe('zh');
    expect(detectLanguage({ pathname: '/', stored: null, browserLanguages: ['de'] })).toBe('en');
    expect(detectLanguage({ pathname: '/' })).toBe('en');
  });
});
