import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirectTarget('/profile')).toBe('/profile');
    expect(safeRedirectTarget('/zh/admin?tab=topics')).toBe('/zh/admin?tab=topics');
  });

  it('rejects other origins and junk', () => {
    expect(safeRedirectTarget('https://evil.example')).toBeUndefined();
    expect(safeRedirectTarget('//evil.example/x')).toBeUndefined();
    expect(safeRedirectTarget('/\\evil.example')).toBeUndefined();
    expect(safeRedirectTarget('profile')).toBeUndefined();
    expect(safeRedirectTarget(42)).toBeUndefined();
    expect(safeRedirectTarget(undefined)).toBeUndefined();
  });

  it('never returns to the auth screens', () => {
    expect(safeRedirectTarget('/auth')).toBeUndefined();
    expect(safeRedirectTarget('/zh/auth/callback?x=1')).toBeUndefined();
    expect(safeRedirectTarget('/authors')).toBe('/authors');
  });
});

describe('safeRedirectTarget against open redirects', () => {
  it.each([
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://evil.com/profile',
    'javascript:alert(1)',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/%252F%252Fevil.com',
    '%2Fprofile',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    ' //evil.com',
    '\\\\evil.com',
    '/%E0%A4%A',
    '',
    `/${'a'.repeat(3000)}`,
  ])('rejects %j', (attack) => {
    expect(safeRedirectTarget(attack)).toBeUndefined();
  });

  it('does not unwrap encodings without end', () => {
    let value = '/%2F%2Fevil.com';
    for (let i = 0; i < 6; i++) value = value.replaceAll('%', '%25');
    expect(safeRedirectTarget(value)).toBeUndefined();
  });

  it('keeps ordinary in-app hrefs, including encoded query values', () => {
    expect(safeRedirectTarget('/content-summary?topic=abc&q=open%20models')).toBe(
      '/content-summary?topic=abc&q=open%20models',
    );
    expect(safeRedirectTarget('/youtube/Some%20Channel')).toBe('/youtube/Some%20Channel');
    expect(safeRedirectTarget('/zh/content-summary?q=%E6%A8%A1%E5%9E%8B')).toBe(
      '/zh/content-summary?q=%E6%A8%A1%E5%9E%8B',
    );
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it('does not return to an auth screen hidden behind encoding or case', () => {
    expect(safeRedirectTarget('/%61uth')).toBeUndefined();
    expect(safeRedirectTarget('/AUTH')).toBeUndefined();
  });
});
