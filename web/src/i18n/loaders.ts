import type { Language } from './language';
import type { NamespaceResources } from './namespaces';

export type Namespace = keyof NamespaceResources;

/** Each string file's URL, by its path from here. */
const files = import.meta.glob<string>(
  ['../api/locales/*.json', '../features/*/locales/*.json', './en.json', './zh.json'],
  { query: '?url', import: 'default', eager: true },
);

/**
 * The namespace and language of a string file, from where it sits: features/<name>/locales/<lang>.json
 * is '<name>' (camel case), api/locales is 'apiErrors', and i18n/<lang>.json the shared 'translation'.
 */
export function namespaceOfFile(file: string): { namespace: string; language: string } {
  const language = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  const feature = /^\.\.\/features\/([^/]+)\/locales\//.exec(file)?.[1];
  if (feature) return { namespace: feature.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), language };
  return { namespace: file.startsWith('../api/') ? 'apiErrors' : 'translation', language };
}

/**
 * Where the web app's string files are, one per language and namespace: the build emits each as a
 * fingerprinted JSON asset (never inlined: see vite.config.ts), fetched when a screen needs it (see
 * app-i18n.ts). A reader downloads only their own language, and a namespace only with the route that
 * uses it. They are fetched rather than imported as modules so that a failed download can be tried
 * again (a browser may remember a failed import() for the page's lifetime). Every string file is
 * found by where it sits (below); namespaces.ts, which the tests and the types read eagerly, names the
 * same files, and loaders.test.ts keeps the two equal.
 */
export const namespaceUrls = {} as Record<Language, Record<Namespace, string>>;
for (const [file, url] of Object.entries(files)) {
  const { namespace, language } = namespaceOfFile(file);
  namespaceUrls[language as Language] = { ...namespaceUrls[language as Language], [namespace]: url };
}
