import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from './language';
import { type Namespace, namespaceUrls } from './loaders';

/** The strings every screen needs before it draws: the shared ones and the API's error texts. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['translation', 'apiErrors'];

const isNamespace = (value: string): value is Namespace => Object.hasOwn(namespaceUrls.en, value);

/** Fetches a namespace's JSON file for one language (never the other one: every zh file is complete). */
const fileBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init() {},
  async read(language: string, namespace: string) {
    if (!isLanguage(language) || !isNamespace(namespace))
      throw new Error(`no strings for ${language}/${namespace}`);
    const response = await fetch(namespaceUrls[language][namespace]);
    if (!response.ok) throw new Error(`${language}/${namespace} strings: HTTP ${response.status}`);
    return response.json();
  },
};

/**
 * The browser app's i18next: the reader's language only, each namespace fetched with the route that
 * uses it (routes/route-strings.ts) or, failing that, when a component asks for it (react-i18next
 * suspends it meanwhile). `ready` settles once the shell's strings are in. The tests use the bundled
 * createI18n (index.ts) instead.
 */
export function createAppI18n(language: Language): { i18n: i18n; ready: Promise<void> } {
  const instance = i18next.createInstance();
  const ready = instance
    .use(fileBackend)
    .use(initReactI18next)
    .init({
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'translation',
      lng: language,
      // i18n-keys.test.ts keeps every zh namespace complete: no English copy is fetched for a zh reader.
      fallbackLng: false,
      supportedLngs: ['en', 'zh'],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => ensureNamespaces(instance, SHELL_NAMESPACES));
  return { i18n: instance, ready };
}

/**
 * Loads the namespaces in the current language, and rejects when one could not be fetched (so a
 * route shows its error screen, whose retry comes back here) instead of drawing raw keys.
 */
export async function ensureNamespaces(instance: i18n, namespaces: readonly Namespace[]): Promise<void> {
  const language = instance.language;
  const missing = () => namespaces.filter((namespace) => !instance.hasResourceBundle(language, namespace));
  await instance.loadNamespaces(namespaces);
  // A failed fetch is remembered as done: ask the backend again once before giving up.
  if (missing().length) await instance.reloadResources([language], missing());
  const still = missing();
  if (still.length) throw new Error(`could not load the ${language} strings: ${still.join(', ')}`);
}
