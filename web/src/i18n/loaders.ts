import type { FEATURES } from '../../lingui.config';
import type { Language } from './language';

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * A catalog of the app's strings: the shared one (i18n/), the API's error texts (api/locales/) and one per
 * feature with a catalog of its own (web/lingui.config.ts), named after its folder in camel case.
 */
export type Namespace = 'shared' | 'apiErrors' | CamelCase<keyof typeof FEATURES>;

/** Each catalog file's URL, by its path from here. */
const files = import.meta.glob<string>(
  ['../api/locales/*.json', '../features/*/locales/*.json', './en.json', './zh.json'],
  { query: '?url', import: 'default', eager: true },
);

/**
 * The catalog and language of a compiled catalog file, from where it sits: features/<name>/locales/<lang>.json
 * is '<name>' (camel case), api/locales is 'apiErrors', and i18n/<lang>.json the shared one.
 */
export function namespaceOfFile(file: string): { namespace: Namespace; language: Language } {
  const language = file.slice(file.lastIndexOf('/') + 1, -'.json'.length) as Language;
  const feature = /^\.\.\/features\/([^/]+)\/locales\//.exec(file)?.[1];
  if (feature)
    return { namespace: feature.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as Namespace, language };
  return { namespace: file.startsWith('../api/') ? 'apiErrors' : 'shared', language };
}

/**
 * Where the compiled catalogs are, one per language and catalog: the build emits each as a fingerprinted
 * JSON asset (never inlined: see vite.config.ts), fetched when a screen needs it (see app-i18n.ts). A reader
 * downloads only their own language, and a catalog only with the route that uses it. They are fetched
 * rather than imported as modules so that a failed download can be tried again (a browser may remember a
 * failed import() for the page's lifetime).
 */
export const namespaceUrls = {} as Record<Language, Record<Namespace, string>>;
for (const [file, url] of Object.entries(files)) {
  const { namespace, language } = namespaceOfFile(file);
  namespaceUrls[language] = { ...namespaceUrls[language], [namespace]: url };
}
