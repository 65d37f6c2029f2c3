import { describe, expect, it } from 'vitest';
import { languageRewrite, rewriteLanguage } from './language-rewrite';

function run(fn: ((arg: { url: URL }) => unknown) | undefined, href: string): string {
  const url = new URL(href, 'http://app.test');
  const result = fn?.({ url });
  const out = result instanceof URL ? result : url;
  return `${out.pathname}${out.search}`;
}

describe('languageRewrite', () => {
  it('strips the prefix on input whatever the language', () => {
    expect(run(languageRewrite('en').input, '/zh/profile?tab=1')).toBe('/profile?tab=1');
    expect(run(languageRewrite('zh').input, '/zh')).toBe('/');
    expect(run(languageRewrite('zh').input, '/pricing')).toBe('/pricing');
  });

  it('adds the prefix on output only for Chinese', () => {
    expect(run(languageRewrite('zh').output, '/auth?redirect=%2Fprofile')).toBe(
      '/zh/auth?redirect=%2Fprofile',
    );
    expect(run(languageRewrite('zh').output, '/')).toBe('/zh');
    expect(run(languageRewrite('en').output, '/auth')).toBe('/auth');
  });

  it('remembers its language', () => {
    expect(rewriteLanguage(languageRewrite('zh'))).toBe('zh');
    expect(rewriteLanguage(undefined)).toBeUndefined();
  });
});
