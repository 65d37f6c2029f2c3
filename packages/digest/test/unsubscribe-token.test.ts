import { describe, expect, it } from 'vitest';
import {
  resolveUnsubscribeSecret,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../src/unsubscribe-token.ts';

describe('unsubscribe tokens', () => {
  const subject = { id: '4f1c2b8e-0000-4000-8000-000000000001', unsubscribeToken: 'nonce-1' };
  it('verify only with the same secret, subscriber and nonce', () => {
    const secret = resolveUnsubscribeSecret({ UNSUBSCRIBE_SECRET: 'x'.repeat(32) });
    const token = signUnsubscribeToken(secret, subject);
    expect(verifyUnsubscribeToken(secret, token, subject)).toBe(true);
    expect(verifyUnsubscribeToken('y'.repeat(32), token, subject)).toBe(false);
    expect(verifyUnsubscribeToken(secret, token, { ...subject, unsubscribeToken: 'rotated' })).toBe(false);
    expect(verifyUnsubscribeToken(secret, `${token}x`, subject)).toBe(false);
    expect(verifyUnsubscribeToken(secret, `${token}.extra`, subject)).toBe(false);
  });
  it('refuses every other spelling of the last character, even one that decodes to the same bytes', () => {
    const secret = 'x'.repeat(32);
    const token = signUnsubscribeToken(secret, subject);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const char of alphabet) {
      if (char === token.at(-1)) continue;
      expect(verifyUnsubscribeToken(secret, `${token.slice(0, -1)}${char}`, subject), char).toBe(false);
    }
  });
  it('derives the key from JWT_SECRET when UNSUBSCRIBE_SECRET is unset, and refuses none in production', () => {
    const derived = resolveUnsubscribeSecret({ JWT_SECRET: 'j'.repeat(40) });
    expect(derived).not.toBe('j'.repeat(40));
    expect(resolveUnsubscribeSecret({ JWT_SECRET: 'j'.repeat(40) })).toBe(derived);
    expect(() => resolveUnsubscribeSecret({ NODE_ENV: 'production' })).toThrow(/UNSUBSCRIBE_SECRET/);
  });
});
