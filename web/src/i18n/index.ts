import type { Language } from './language';
import type { Namespace } from './loaders';
import { namespaceResources } from './namespaces';
import { AppI18n } from './strings';

export const resources = namespaceResources;

/**
 * The app's strings with every namespace of both languages bundled, loaded at once: for tests and
 * tools. The browser app uses createAppI18n (app-i18n.ts), which fetches the reader's language only,
 * namespace by namespace.
 */
export function createI18n(language: Language): AppI18n {
  const i18n = new AppI18n(language, (lang, namespace) => resources[lang][namespace]);
  for (const lang of ['en', 'zh'] as const) {
    for (const namespace of Object.keys(resources[lang]) as Namespace[]) {
      i18n.addNamespace(lang, namespace, resources[lang][namespace]);
    }
  }
  return i18n;
}
