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

/** The locale key (namespace 'account') for a failed account call. */
export type AccountErrorKey =
  | 'errors.invalidLink'
  | 'errors.wrongPassword'
  | 'errors.tooMany'
  | 'errors.tryAgainLater';

export function accountErrorKey(error: unknown): AccountErrorKey {
  if (!isApiError(error)) return 'errors.tryAgainLater';
  if (error.code === 'INVALID_TOKEN') return 'errors.invalidLink';
  if (error.code === 'WRONG_PASSWORD') return 'errors.wrongPassword';
  if (error.code === 'RATE_LIMITED') return 'errors.tooMany';
  return 'errors.tryAgainLater';
}
