import type { UiLanguage } from '@app/contracts';

export type CallbackError = 'invalid_token' | 'google_failed';

/** Where the browser lands after a link or OAuth round trip: the web app's /auth/callback screen. */
export function authCallbackUrl(publicUrl: string, language: UiLanguage, error?: CallbackError): string {
  const url = new URL(`${publicUrl}${language === 'zh' ? '/zh' : ''}/auth/callback`);
  if (error) url.searchParams.set('error', error);
  return url.toString();
}
