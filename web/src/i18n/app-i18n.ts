import type { Language } from './language';
import { type Namespace, namespaceUrls } from './loaders';
import { AppI18n } from './strings';

/** The catalogs every screen needs before it draws: the shared one and the API's error texts. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['shared', 'apiErrors'];

/** Fetches a catalog for one language (never the other one: every zh catalog is complete). */
async function fetchStrings(language: Language, namespace: Namespace): Promise<unknown> {
  const url = namespaceUrls[language][namespace];
  if (!url) throw new Error(`no ${namespace} catalog`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${language}/${namespace} strings: HTTP ${response.status}`);
  return response.json();
}

/**
 * The browser app's strings: the reader's language only, each namespace fetched with the route that
 * uses it (routes/route-loader.ts) or, for a screen shown elsewhere, by LinguiScreen around it (which
 * suspends it meanwhile). `ready` settles once the shell's strings are in. The tests use the bundled
 * createI18n (index.ts) instead.
 */
export function createAppI18n(language: Language): { i18n: AppI18n; ready: Promise<void> } {
  const i18n = new AppI18n(language, fetchStrings);
  return { i18n, ready: ensureNamespaces(i18n, SHELL_NAMESPACES) };
}

/**
 * Loads the namespaces in the current language, and rejects when one could not be fetched (so a
 * route shows its error screen, whose retry comes back here) instead of drawing raw keys. A failed
 * fetch is tried once more before giving up.
 */
export async function ensureNamespaces(i18n: AppI18n, namespaces: readonly Namespace[]): Promise<void> {
  const load = (namespace: Namespace) => i18n.loadNamespace(namespace);
  const first = await Promise.allSettled(namespaces.map(load));
  const missing = namespaces.filter((_, index) => first[index]!.status === 'rejected');
  if (!missing.length) return;
  const second = await Promise.allSettled(missing.map(load));
  const still = missing.filter((_, index) => second[index]!.status === 'rejected');
  if (still.length) throw new Error(`could not load the ${i18n.language} strings: ${still.join(', ')}`);
}
