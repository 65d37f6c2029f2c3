import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { api, isApiError } from '../../api/client';
import type { Language } from '../../i18n/language';

// The account calls that need no session (forgot password, resend verification) and change password.
// Verifying and signing out everywhere change the session, so they live in the auth store.

export const requestPasswordReset = (email: string, language: Language) =>
  api.post('/api/auth/password-reset', { email: email.trim(), language }, { skipAuthRefresh: true });

export const confirmPasswordReset = (token: string, password: string) =>
  api.post('/api/auth/password-reset/confirm', { token, password }, { skipAuthRefresh: true });

export const resendVerification = (email: string, language: Language) =>
  api.post('/api/auth/verify/resend', { email: email.trim(), language }, { skipAuthRefresh: true });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post('/api/auth/password', {
    current_password: currentPassword,
    new_password: newPassword,
  });

/** What a failed account call means for the reader. */
const ACCOUNT_ERRORS = {
  invalidLink: msg({ id: 'account.errors.invalidLink', message: 'This link is invalid or has expired' }),
  wrongPassword: msg({ id: 'account.errors.wrongPassword', message: 'The current password is not correct' }),
  tooMany: msg({
    id: 'account.errors.tooMany',
    message: 'Too many attempts. Please wait a moment and try again.',
  }),
  tryAgainLater: msg({ id: 'account.errors.tryAgainLater', message: 'Please try again later' }),
};

/** The message of a failed account call, read with a screen's Lingui `t`. */
export function accountErrorMessage(error: unknown): MessageDescriptor {
  if (!isApiError(error)) return ACCOUNT_ERRORS.tryAgainLater;
  if (error.code === 'INVALID_TOKEN') return ACCOUNT_ERRORS.invalidLink;
  if (error.code === 'WRONG_PASSWORD') return ACCOUNT_ERRORS.wrongPassword;
  if (error.code === 'RATE_LIMITED') return ACCOUNT_ERRORS.tooMany;
  return ACCOUNT_ERRORS.tryAgainLater;
}
