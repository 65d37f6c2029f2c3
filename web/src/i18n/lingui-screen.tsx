import { I18nProvider } from '@lingui/react';
import { type ReactNode, use } from 'react';
import type { Namespace } from './loaders';
import { useTranslation } from './react';

/**
 * Around a screen written with Lingui's macros (useLingui from @lingui/react/macro): Lingui's own context,
 * on the one Lingui instance the app's strings live in, so the screen's catalogs and the language switch
 * reach it. `namespaces` are the catalogs the screen reads: its route loads them before it draws, and a
 * screen shown elsewhere (a dialog opened from another page) waits here until they are in. Kept out of the
 * app's shell: only the screens that use it load @lingui/react.
 */
export function LinguiScreen({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  const { i18n } = useTranslation();
  for (const namespace of namespaces) {
    if (!i18n.hasNamespace(namespace)) use(i18n.loadNamespace(namespace));
  }
  return <I18nProvider i18n={i18n.lingui}>{children}</I18nProvider>;
}
