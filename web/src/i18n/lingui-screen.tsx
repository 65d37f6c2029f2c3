import { type ReactNode, use } from 'react';
import type { Namespace } from './loaders';
import { useTranslation } from './react';

/**
 * Around a screen written with Lingui's macros (useLingui from @lingui/react/macro, which calls the app's
 * own hook: i18n/react.tsx): `namespaces` are the catalogs the screen reads. Its route loads them before it
 * draws; a screen shown elsewhere (a dialog opened from another page) waits here until they are in.
 */
export function LinguiScreen({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  const { i18n } = useTranslation();
  for (const namespace of namespaces) {
    if (!i18n.hasNamespace(namespace)) use(i18n.loadNamespace(namespace));
  }
  return children;
}
