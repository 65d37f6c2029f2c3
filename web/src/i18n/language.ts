// Pure helpers for the /zh path prefix. The router keeps one route tree; a location rewrite
// strips the prefix on the way in and adds it on the way out (see src/router.tsx).

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';
export const ZH_PREFIX = '/zh';
/** localStorage key of the language the user picked in the language menu. */
export const LANGUAGE_STORAGE_KEY = 'user-preferred-language';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh';
}

export function hasZhPrefix(pathname: string): boolean {
  return pathname === ZH_PREFIX || pathname.startsWith(`${ZH_PREFIX}/`);
}

/** '/zh' → '/', '/zh/pricing' → '/pricing'; other paths unchanged. */
export function stripLanguagePrefix(pathname: string): string {
  if (!hasZhPrefix(pathname)) return pathname;
  const rest = pathname.slice(ZH_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** The public path for an internal path in a language: '/pricing' + zh → '/zh/pricing', '/' + zh → '/zh'. */
export function localizePath(pathname: string, language: Language): string {
  const bare = stripLanguagePrefix(pathname);
  if (language === 'en') return bare;
  return bare === '/' ? ZH_PREFIX : `${ZH_PREFIX}${bare}`;
}

/** Maps a browser language tag ('zh-CN', 'en-US') to a supported language, if any. */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

export type LanguageSources = {
  pathname: string;
  stored?: string | null;
  browserLanguages?: ReadonlyArray<string>;
};

/** A /zh prefix means Chinese; otherwise the stored choice, then the browser's languages, then English. */
export function detectLanguage({ pathname, stored, browserLanguages = [] }: LanguageSources): Language {
  if (hasZhPrefix(pathname)) return 'zh';
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The href the language menu navigates to: same path and query, with or without the prefix. */
export function switchLanguageHref(
  location: { pathname: string; search?: string; hash?: string },
  language: Language,
): string {
  return `${localizePath(location.pathname, language)}${location.search ?? ''}${location.hash ?? ''}`;
}

/** localizePath for a full in-app href: '/profile?tab=1' + zh → '/zh/profile?tab=1'. */
export function localizeHref(href: string, language: Language): string {
  const index = href.search(/[?#]/);
  const pathname = index === -1 ? href : href.slice(0, index);
  const rest = index === -1 ? '' : href.slice(index);
  return `${localizePath(pathname || '/', language)}${rest}`;
}
