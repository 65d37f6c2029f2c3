import type { Language } from './language';
import { namespaceOfFile } from './loaders';
import { AppI18n } from './strings';

/** Every compiled catalog of both languages, by its path (as loaders.ts finds them for the browser). */
const catalogs = import.meta.glob(
  ['../api/locales/*.json', '../features/*/locales/*.json', './en.json', './zh.json'],
  { import: 'default', eager: true },
);

/**
 * The app's catalogs, every one of both languages bundled and loaded at once: for tests and tools. The
 * browser app uses createAppI18n (app-i18n.ts), which fetches the reader's language only, catalog by catalog.
 */
export function createI18n(language: Language): AppI18n {
  const i18n = new AppI18n(language, () => {
    throw new Error('every catalog is bundled');
  });
  for (const [file, catalog] of Object.entries(catalogs)) {
    const { namespace, language: of } = namespaceOfFile(file);
    i18n.addNamespace(of, namespace, catalog);
  }
  return i18n;
}
