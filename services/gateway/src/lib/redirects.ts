import type { GoogleSignInErrorCode, UiLanguage } from '@app/contracts';

export type CallbackError = 'invalid_token';

/** Where the browser lands after a link or OAuth round trip: the web app's /auth/callback screen. */
export function authCallbackUrl(publicUrl: string, language: UiLanguage, error?: CallbackError): string {
  const url = new URL(`${publicUrl}${language === 'zh' ? '/zh' : ''}/auth/callback`);
  if (error) url.searchParams.set('error', error);
  return url.toString();
}

/**
 * A Google sign-in that could not start or finish: back to the sign-in screen (/auth or /zh/auth), whose
 * toast explains it. A browser following the button must never land on a JSON error.
 */
export function googleFailureUrl(
  publicUrl: string,
  language: UiLanguage,
  error: GoogleSignInErrorCode,
): string {
  const url = new URL(`${publicUrl}${language === 'zh' ? '/zh' : ''}/auth`);
  url.searchParams.set('error', error);
  return url.toString();
}

export type EmailLinkPage = '/auth/verify' | '/auth/reset';

/**
 * The web page an emailed link opens. The page finishes the action with a POST when the user confirms,
 * so a mail scanner that fetches (or even renders) the link changes nothing.
 */
export function emailLinkUrl(
  publicUrl: string,
  language: UiLanguage,
  page: EmailLinkPage,
  token: string,
): string {
  const url = new URL(`${publicUrl}${language === 'zh' ? '/zh' : ''}${page}`);
  url.searchParams.set('token', token);
  return url.toString();
}
