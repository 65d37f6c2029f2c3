import type { LocationRewrite } from '@tanstack/react-router';
import { type Language, localizePath, stripLanguagePrefix } from './language';

export type LanguageRewrite = LocationRewrite & { readonly language: Language };

/**
 * The router sees one route tree without the /zh prefix. On the way in the prefix is stripped
 * ('/zh/pricing' → '/pricing'); on the way out (links, navigate, redirect) it is added back
 * when the current language is Chinese. A new object per language: handing it to
 * `router.update` also drops the router's cached link locations.
 */
export function languageRewrite(language: Language): LanguageRewrite {
  return {
    language,
    input: ({ url }) => {
      url.pathname = stripLanguagePrefix(url.pathname);
      return url;
    },
    output: ({ url }) => {
      url.pathname = localizePath(url.pathname, language);
      return url;
    },
  };
}

export function rewriteLanguage(rewrite: LocationRewrite | undefined): Language | undefined {
  return rewrite && 'language' in rewrite ? (rewrite as LanguageRewrite).language : undefined;
}
