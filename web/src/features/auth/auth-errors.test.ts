import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { nameMessages } from '../../api/message-keys';
import { createI18n } from '../../i18n';
import { type AuthErrorMessage, loginErrorMessage, registerErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { validateCredentials } from './auth-validation';

describe('loginErrorMessage', () => {
  it('maps invalid credentials', () => {
    expect(loginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid login credentials'))).toEqual({
      titleKey: 'auth.loginFailed',
      messageKey: 'auth.invalidCredentials',
    });
  });

  it('maps unconfirmed email', () => {
    expect(loginErrorMessage(new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed'))).toEqual({
      titleKey: 'auth.loginFailed',
      messageKey: 'auth.emailNotConfirmed',
    });
  });

  it('shows other answers by their code, never by the server sentence', () => {
    expect(loginErrorMessage(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).toEqual({
      titleKey: 'auth.loginFailed',
      errorKey: 'apiErrors.codes.RATE_LIMITED',
    });
  });

  it('asks to try again later on unexpected failures', () => {
    const expected = { titleKey: 'common.error', messageKey: 'auth.tryAgainLater' };
    expect(loginErrorMessage(new TypeError('boom'))).toEqual(expected);
    expect(loginErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toEqual(expected);
    expect(loginErrorMessage(new ApiError(500, 'INTERNAL', 'Internal error'))).toEqual(expected);
  });
});

describe('registerErrorMessage', () => {
  it('shows an existing user as invalid credentials', () => {
    expect(registerErrorMessage(new ApiError(409, 'USER_EXISTS', 'User already registered'))).toEqual({
      titleKey: 'auth.registerFailed',
      messageKey: 'auth.invalidCredentials',
    });
  });

  it('shows other answers by their known message or code', () => {
    expect(registerErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Invalid body'))).toEqual({
      titleKey: 'auth.registerFailed',
      errorKey: 'apiErrors.codes.VALIDATION_FAILED',
    });
    expect(
      registerErrorMessage(
        nameMessages(
          new ApiError(400, 'VALIDATION_FAILED', 'Please enter a valid email address', {
            email: 'Please enter a valid email address',
          }),
        ),
      ),
    ).toEqual({ titleKey: 'auth.registerFailed', errorKey: 'apiErrors.messages.auth.invalidEmail' });
  });

  it('asks to try again later on exceptions', () => {
    expect(registerErrorMessage(new Error('x'))).toEqual({
      titleKey: 'common.error',
      messageKey: 'auth.tryAgainLater',
    });
  });
});

describe('the sign-in screen’s texts named by key', () => {
  it('are each declared (auth-messages.ts) and in both languages’ shared catalogs', () => {
    const failures = [
      new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid login credentials'),
      new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed'),
      new ApiError(409, 'USER_EXISTS', 'User already registered'),
      new ApiError(429, 'RATE_LIMITED', 'Too many attempts'),
      new TypeError('boom'),
    ];
    const messages: AuthErrorMessage[] = failures.flatMap((error) => [
      loginErrorMessage(error),
      registerErrorMessage(error),
    ]);
    const keys = new Set<string>([
      ...messages.flatMap((message) => [
        ...('messageKey' in message ? [message.messageKey] : []),
        message.titleKey,
      ]),
      ...Object.values(validateCredentials('not an email', '123')),
    ]);
    expect(keys.size).toBe(8);
    const declared = new Set(AUTH_MESSAGES.map((descriptor) => descriptor.id));
    const catalogs = [createI18n('en').lingui.messages, createI18n('zh').lingui.messages];
    for (const key of keys) {
      expect(declared.has(`shared.${key}`), key).toBe(true);
      for (const messages of catalogs) expect(Object.hasOwn(messages, `shared.${key}`), key).toBe(true);
    }
  });
});
