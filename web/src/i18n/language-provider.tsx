import { toHtmlLang } from '@app/rules';
import { useRouter, useRouterState } from '@tanstack/react-router';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useAppI18n } from './react';
import { detectLanguage, type Language, switchLanguageHref } from './language';
import { languageRewrite, rewriteLanguage } from './language-rewrite';
import { browserLanguages, readStoredLanguage, writeStoredLanguage } from './language-storage';

export type LanguageContextValue = {
  language: Language;
  /** Stores the choice and rewrites the current URL with or without /zh, keeping query and hash. */
  setLanguage: (language: Language) => void;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

function pathnameOf(href: string): string {
  return new URL(href, 'http://local').pathname;
}

/** Must sit inside the router: the language follows the public URL (the one with /zh). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const i18n = useAppI18n();
  const publicPathname = useRouterState({ select: (state) => pathnameOf(state.location.publicHref) });
  const [stored, setStored] = useState(readStoredLanguage);
  const language = detectLanguage({ pathname: publicPathname, stored, browserLanguages: browserLanguages() });

  useLayoutEffect(() => {
    // Strings that could not be fetched leave the old language on show; the routes' loaders ask again.
    if (i18n.language !== language)
      i18n.changeLanguage(language).catch((error: unknown) => console.error(error));
    document.documentElement.lang = toHtmlLang(language);
    if (rewriteLanguage(router.options.rewrite) !== language) {
      router.update({ ...router.options, rewrite: languageRewrite(language) });
    }
  }, [language, i18n, router]);

  const setLanguage = useCallback(
    (next: Language) => {
      writeStoredLanguage(next);
      setStored(next);
      const { pathname, search, hash } = window.location;
      const href = switchLanguageHref({ pathname, search, hash }, next);
      if (href !== `${pathname}${search}${hash}`) router.history.push(href);
    },
    [router],
  );

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
