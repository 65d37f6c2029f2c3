import { I18n, type Messages } from '@lingui/core';
import { compileNamespace } from './catalog';
import type { Language } from './language';
import type { Namespace } from './loaders';
import type { NamespaceResources } from './namespaces';

// The app's strings on Lingui's runtime (a few KiB in every page, where i18next was 17): Lingui picks
// the plural form and fills the placeholders; this adds what the screens ask of it: namespaces
// loaded per language and screen, a `t` per namespace, and a language switch that waits for the new
// language's strings.

/** Where a namespace's strings come from: fetched (the browser) or bundled (the tests). */
export type StringSource = (language: Language, namespace: Namespace) => Promise<object> | object;

/** The values a string's placeholders take; `count` also picks the plural form. */
export type TranslateOptions = Record<string, unknown> & {
  count?: number;
  /** Shown when the key has no string (a value the app does not know, like a new platform). */
  defaultValue?: string;
};

/** The nested keys of a string file, dotted: { a: { b: 'x' } } → 'a.b'. */
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** A plural form's key is asked for by its base: 'items_one' and 'items_other' are t('items', { count }). */
type Base<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** The keys of a namespace, checked against the English files at compile time. */
export type KeyOf<N extends Namespace> = Base<Paths<NamespaceResources[N]>>;
/** A key in any namespace, named with it: 'apiErrors:codes.NOT_FOUND'. */
export type QualifiedKey = { [N in Namespace]: `${N}:${KeyOf<N>}` }[Namespace];

/**
 * A namespace's translate function: its own keys bare, any other namespace's with its name. A key
 * built from data (a status, a platform) is any string, with the text to show when it has none; a
 * bare string second argument is that text too.
 */
export type TFunction<N extends Namespace = 'translation'> = {
  (key: KeyOf<N> | QualifiedKey, options?: TranslateOptions | string): string;
  (key: string, options: (TranslateOptions & { defaultValue: string }) | string): string;
};

/**
 * A feature on Lingui's own catalogs comes compiled (`lingui compile --namespace json`: `{ messages }` and
 * nothing else), loaded as it is; any other string file is read as written (none is only `messages`:
 * i18n-keys.test.ts).
 */
const linguiCatalog = (tree: object) =>
  Object.keys(tree).length === 1 && 'messages' in tree ? (tree.messages as Messages) : null;

/** A key named with its namespace ('apiErrors:codes.NOT_FOUND'); bare keys never hold a colon. */
const NAMESPACED = /^[A-Za-z]+:/;

export class AppI18n {
  /** Lingui's runtime: the catalogs, the placeholders and the plural rules. */
  readonly lingui = new I18n({});
  #language: Language;
  /** The language of the latest changeLanguage call. */
  #wanted: Language;
  readonly #source: StringSource;
  /** Loaded (or loading) namespaces per language; a failed load is forgotten so it can be tried again. */
  readonly #loads = new Map<string, Promise<void>>();
  readonly #loaded = new Set<string>();
  readonly #languageListeners = new Set<() => void>();

  constructor(language: Language, source: StringSource) {
    this.#language = language;
    this.#wanted = language;
    this.#source = source;
    this.lingui.loadAndActivate({ locale: language, messages: {} });
  }

  get language(): Language {
    return this.#language;
  }

  hasNamespace(namespace: Namespace, language: Language = this.#language): boolean {
    return this.#loaded.has(`${language}:${namespace}`);
  }

  /** Loads a namespace's strings in a language (the current one by default); one fetch at a time each. */
  loadNamespace(namespace: Namespace, language: Language = this.#language): Promise<void> {
    const id = `${language}:${namespace}`;
    let load = this.#loads.get(id);
    if (!load) {
      load = Promise.resolve(this.#source(language, namespace)).then(
        (tree) => this.#add(language, namespace, tree),
        (error: unknown) => {
          this.#loads.delete(id);
          throw error;
        },
      );
      this.#loads.set(id, load);
    }
    return load;
  }

  /** For bundled strings: adds a namespace at once. */
  addNamespace(language: Language, namespace: Namespace, tree: object): void {
    this.#add(language, namespace, tree);
    this.#loads.set(`${language}:${namespace}`, Promise.resolve());
  }

  #add(language: Language, namespace: Namespace, tree: object): void {
    this.lingui.load(language, linguiCatalog(tree) ?? compileNamespace(namespace, tree));
    this.#loaded.add(`${language}:${namespace}`);
  }

  /** Switches language once every namespace loaded so far is in for the new one too. */
  async changeLanguage(language: Language): Promise<void> {
    // The last language asked for wins: a switch back before the first one's strings arrived must
    // not be overtaken by it.
    this.#wanted = language;
    if (language === this.#language) return;
    const namespaces = [...this.#loaded]
      .filter((id) => id.startsWith(`${this.#language}:`))
      .map((id) => id.slice(this.#language.length + 1) as Namespace);
    await Promise.all(namespaces.map((namespace) => this.loadNamespace(namespace, language)));
    if (this.#wanted !== language) return;
    this.#language = language;
    this.lingui.activate(language);
    for (const listener of this.#languageListeners) listener();
  }

  /**
   * Calls `listener` after each language switch; returns the unsubscribe. A namespace's arrival calls
   * nothing: the screens that wait for it are suspended, and the others do not read it.
   */
  onLanguageChange(listener: () => void): () => void {
    this.#languageListeners.add(listener);
    return () => this.#languageListeners.delete(listener);
  }

  /** A string in the current language; the key itself (or defaultValue) when there is none. */
  translate(namespace: Namespace, key: string, optionsOrDefault?: TranslateOptions | string): string {
    const options =
      typeof optionsOrDefault === 'string' ? { defaultValue: optionsOrDefault } : optionsOrDefault;
    const qualified = NAMESPACED.test(key);
    const id = qualified ? key : `${namespace}:${key}`;
    if (!Object.hasOwn(this.lingui.messages, id)) {
      return options?.defaultValue ?? (qualified ? key.slice(key.indexOf(':') + 1) : key);
    }
    return this.lingui._(id, options);
  }

  /** A translate function bound to a namespace (bare keys are looked up there). */
  fixedT<N extends Namespace>(namespace: N): TFunction<N> {
    return (key: string, options?: TranslateOptions | string) => this.translate(namespace, key, options);
  }

  /** The default namespace's translate function. */
  readonly t: TFunction = (key: string, options?: TranslateOptions | string) =>
    this.translate('translation', key, options);
}
