import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { I18n } from '@lingui/core';
import type { AppI18n } from './strings';

const AppI18nContext = createContext<AppI18n | null>(null);

/** Gives the screens the app's catalogs. */
export function I18nProvider({ i18n, children }: { i18n: AppI18n; children: ReactNode }) {
  return <AppI18nContext.Provider value={i18n}>{children}</AppI18nContext.Provider>;
}

/** The app's catalogs (to load one, or to switch language); redraws the caller when the language changes. */
export function useAppI18n(): AppI18n {
  const i18n = useContext(AppI18nContext);
  if (!i18n) throw new Error('useAppI18n must be used within an I18nProvider');
  useSyncExternalStore(
    (onChange) => i18n.onLanguageChange(onChange),
    () => i18n.language,
  );
  return i18n;
}

/**
 * What Lingui's `useLingui()` macro calls (web/lingui.config.ts, runtimeConfigModule): `_` translates a
 * compiled message descriptor on the app's one Lingui instance, and is a new function when the language
 * changes, so what a screen memoises on `t` updates. The catalogs a screen reads are loaded by its route,
 * or by LinguiScreen around it.
 */
export function useLingui(): { i18n: I18n; _: I18n['_'] } {
  const i18n = useAppI18n();
  const { language, lingui } = i18n;
  return useMemo(() => {
    void language;
    return { i18n: lingui, _: lingui._.bind(lingui) };
  }, [lingui, language]);
}
