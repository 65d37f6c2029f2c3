import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './language';
import { namespaceResources } from './namespaces';

export const resources = namespaceResources;

/**
 * An i18next instance with every namespace of both languages bundled, so initialisation is
 * synchronous: for tests and tools. The browser app uses createAppI18n (app-i18n.ts), which fetches
 * the reader's language only, namespace by namespace.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    ns: Object.keys(resources.en),
    defaultNS: 'translation',
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
