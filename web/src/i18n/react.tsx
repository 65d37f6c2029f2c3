import { I18nProvider as LinguiProvider, useLingui } from '@lingui/react';
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import type { Namespace } from './loaders';
import type { AppI18n, TFunction } from './strings';

export type { TFunction } from './strings';

const AppI18nContext = createContext<AppI18n | null>(null);

/** Gives the screens the app's strings; they draw again when a language or a namespace comes in. */
export function I18nProvider({ i18n, children }: { i18n: AppI18n; children: ReactNode }) {
  return (
    <AppI18nContext.Provider value={i18n}>
      <LinguiProvider i18n={i18n.lingui}>{children}</LinguiProvider>
    </AppI18nContext.Provider>
  );
}

/**
 * A namespace's translate function (the shared 'translation' one by default). A screen whose
 * namespace is not in yet suspends until it is: its route's loader normally fetched it already
 * (routes/route-strings.ts).
 */
export function useTranslation<N extends Namespace = 'translation'>(
  namespace?: N,
): { t: TFunction<N>; i18n: AppI18n } {
  const i18n = useContext(AppI18nContext);
  if (!i18n) throw new Error('useTranslation must be used within an I18nProvider');
  const ns = (namespace ?? 'translation') as N;
  // A new function for every language switch or namespace load: what a screen memoises on `t` updates.
  const { _: version } = useLingui();
  if (!i18n.hasNamespace(ns)) use(i18n.loadNamespace(ns));
  const t = useMemo(() => {
    void version;
    return i18n.fixedT(ns);
  }, [i18n, ns, version]);
  return { t, i18n };
}
