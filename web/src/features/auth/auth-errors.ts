import { isApiError } from '../../api/client';

// Turns a failed login or registration into toast text (spec §8 "Auth").

export type AuthErrorMessage =
  | { titleKey: 'auth.loginFailed' | 'auth.registerFailed' | 'common.error'; messageKey: AuthMessageKey }
  | { titleKey: 'auth.loginFailed' | 'auth.registerFailed'; message: string };

type AuthMessageKey = 'auth.invalidCredentials' | 'auth.emailNotConfirmed' | 'auth.tryAgainLater';

/** Network failures and non-API exceptions are "unexpected": the user is asked to try again later. */
function isUnexpected(error: unknown): boolean {
  return !isApiError(error) || error.isNetworkError || error.status >= 500;
}

export function loginErrorMessage(error: unknown): AuthErrorMessage {
  if (isUnexpected(error) || !isApiError(error))
    return { titleKey: 'common.error', messageKey: 'auth.tryAgainLater' };
  if (error.code === 'INVALID_CREDENTIALS')
    return { titleKey: 'auth.loginFailed', messageKey: 'auth.invalidCredentials' };
  if (error.code === 'EMAIL_NOT_CONFIRMED')
    return { titleKey: 'auth.loginFailed', messageKey: 'auth.emailNotConfirmed' };
  return { titleKey: 'auth.loginFailed', message: error.message };
}

export function registerErrorMessage(error: unknown): AuthErrorMessage {
  if (isUnexpected(error) || !isApiError(error))
    return { titleKey: 'common.error', messageKey: 'auth.tryAgainLater' };
  // Spec §8: 'User already registered' is shown as auth.invalidCredentials.
  if (error.code === 'USER_EXISTS')
    return { titleKey: 'auth.registerFailed', messageKey: 'auth.invalidCredentials' };
  return { titleKey: 'auth.registerFailed', message: error.message };
}
