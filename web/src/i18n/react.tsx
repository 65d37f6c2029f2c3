import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { I18n } from '@lingui/core';
import type { Namespace } from './loaders';
import type { AppI18n, TFunction } from './strings';

export type { TFunction } from './strings';

const AppI18nContext = createContext<AppI18n | null>(null);

/** Gives the screens the app's strings. */
export function I18nProvider({ i18n, children }: { i18n: AppI18n; children: ReactNode }) {
  return <AppI18nContext.Provider value={i18n}>{children}</AppI18nContext.Provider>;
}

/**
 * A namespace's translate function (the shared 'translation' one by default). A screen whose
 * namespace is not in yet suspends until it is: its route's loader normally fetched it already
 * (routes/route-loader.ts). The screens draw again when the language changes, and only then: a
 * namespace arriving re-renders nothing (every screen that reads it was waiting for it).
 */
export function useTranslation<N extends Namespace = 'translation'>(
  namespace?: N,
): { t: TFunction<N>; i18n: AppI18n } {
  const i18n = useContext(AppI18nContext);
  if (!i18n) throw new Error('useTranslation must be used within an I18nProvider');
  const ns = (namespace ?? 'translation') as N;
  const subscribe = useCallback((onChange: () => void) => i18n.onLanguageChange(onChange), [i18n]);
  // A new `t` for each language: what a screen memoises on it updates.
  const language = useSyncExternalStore(subscribe, () => i18n.language);
  if (!i18n.hasNamespace(ns)) use(i18n.loadNamespace(ns));
  const t = useMemo(() => {
    void language;
    return i18n.fixedT(ns);
  }, [i18n, ns, language]);
  return { t, i18n };
}

/**
 * What Lingui's `useLingui()` macro calls (web/lingui.config.ts, runtimeConfigModule): `_` translates a
 * compiled message descriptor on the app's one Lingui instance, and is a new function when the language
 * changes, so what a screen memoises on `t` updates. The catalogs a screen reads are loaded by its route,
 * or by LinguiScreen around it.
 */
export function useLingui(): { i18n: I18n; _: I18n['_'] } {
  // The shared strings' `t` is a new function when the language changes.
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    void t;
    const { lingui } = i18n;
    return { i18n: lingui, _: lingui._.bind(lingui) };
  }, [i18n, t]);
}
