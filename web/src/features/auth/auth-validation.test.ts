import { describe, expect, it } from 'vitest';
import { isValidEmail, validateCredentials } from './auth-validation';

describe('validateCredentials', () => {
  it('accepts a valid pair', () => {
    expect(validateCredentials('reader@example.com', '123456')).toEqual({});
    expect(isValidEmail('  reader@example.com ')).toBe(true);
  });

  it('flags a bad email and a short password', () => {
    expect(validateCredentials('nope', '12345')).toEqual({
      email: 'auth.emailRequired',
      password: 'auth.passwordRequired',
    });
    expect(validateCredentials('a@b', 'long enough').email).toBe('auth.emailRequired');
    expect(validateCredentials('', 'long enough').email).toBe('auth.emailRequired');
  });
});
