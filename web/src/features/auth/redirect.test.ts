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
