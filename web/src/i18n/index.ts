import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './language';
import { namespaceResources } from './namespaces';

export const resources = namespaceResources;

/** One i18next instance per app; resources are bundled, so initialisation is synchronous. */
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
