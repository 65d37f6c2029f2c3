import { type ReactNode, use } from 'react';
import type { Namespace } from './loaders';
import { useAppI18n } from './react';

/**
 * Around a screen shown where its route does not load its catalogs (a dialog opened from another page):
 * `namespaces` are the catalogs it reads; it waits here (suspends) until they are in.
 */
export function LinguiScreen({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  const i18n = useAppI18n();
  for (const namespace of namespaces) {
    if (!i18n.hasNamespace(namespace)) use(i18n.loadNamespace(namespace));
  }
  return children;
}
