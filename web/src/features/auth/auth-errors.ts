import { isApiError } from '../../api/client';
import { type ErrorTextId, errorTextId } from '../../api/error-text';

// Turns a failed login or registration into toast text (spec §8 "Auth").

export type AuthErrorMessage =
  | { titleKey: 'auth.loginFailed' | 'auth.registerFailed' | 'common.error'; messageKey: AuthMessageKey }
  /** Any other API answer: the text of its code or known message, in the reader's language (api/error-text). */
  | { titleKey: 'auth.loginFailed' | 'auth.registerFailed'; errorKey: ErrorTextId };

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
  return { titleKey: 'auth.loginFailed', errorKey: errorTextId(error) };
}

export function registerErrorMessage(error: unknown): AuthErrorMessage {
  if (isUnexpected(error) || !isApiError(error))
    return { titleKey: 'common.error', messageKey: 'auth.tryAgainLater' };
  // Spec §8: 'User already registered' is shown as auth.invalidCredentials.
  if (error.code === 'USER_EXISTS')
    return { titleKey: 'auth.registerFailed', messageKey: 'auth.invalidCredentials' };
  return { titleKey: 'auth.registerFailed', errorKey: errorTextId(error) };
}
