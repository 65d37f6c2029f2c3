import type { UiLanguage } from '@app/contracts';
import { createOpaqueToken } from './opaque-token.ts';

// The link's language travels inside the token itself ("zh.<random>"): the sha256 stored in the
// database covers the prefix, so it cannot be changed without invalidating the link, and the
// redirect after an invalid or expired link still lands on the user's language.
export function createVerificationToken(language: UiLanguage): string {
  return `${language}.${createOpaqueToken()}`;
}

export function languageOfVerificationToken(token: string | undefined): UiLanguage {
  return token?.startsWith('zh.') ? 'zh' : 'en';
}
