import { I18n, type Messages } from '@lingui/core';
import type { Language } from './language';
import type { Namespace } from './loaders';

// The app's strings on Lingui's runtime: the catalogs `lingui compile` writes (web/lingui.config.ts), one
// per feature and language, loaded as the screens need them, and a language switch that waits for the new
// language's catalogs. The screens read them with Lingui's macros (`useLingui`, i18n/react.tsx).

/** Where a catalog comes from: fetched (the browser) or bundled (the tests). */
export type CatalogSource = (language: Language, namespace: Namespace) => Promise<unknown> | unknown;

/** A compiled catalog (`{ messages: { id: tokens } }`), or an error naming what came instead. */
function compiledMessages(catalog: unknown, what: string): Messages {
  const messages = (catalog as { messages?: unknown } | null)?.messages;
  if (typeof messages !== 'object' || messages === null || !Object.values(messages).every(Array.isArray))
    throw new Error(`${what} is not a compiled Lingui catalog`);
  return messages as Messages;
}

export class AppI18n {
  /** Lingui's runtime: the catalogs, the placeholders and the plural rules. */
  readonly lingui = new I18n({});
  #language: Language;
  /** The language of the latest changeLanguage call. */
  #wanted: Language;
  readonly #source: CatalogSource;
  /** Loaded (or loading) catalogs per language; a failed load is forgotten so it can be tried again. */
  readonly #loads = new Map<string, Promise<void>>();
  readonly #loaded = new Set<string>();
  readonly #languageListeners = new Set<() => void>();

  constructor(language: Language, source: CatalogSource) {
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

  /** Loads a catalog in a language (the current one by default); one fetch at a time each. */
  loadNamespace(namespace: Namespace, language: Language = this.#language): Promise<void> {
    const id = `${language}:${namespace}`;
    let load = this.#loads.get(id);
    if (!load) {
      load = Promise.resolve(this.#source(language, namespace)).then(
        (catalog) => this.#add(language, namespace, catalog),
        (error: unknown) => {
          this.#loads.delete(id);
          throw error;
        },
      );
      this.#loads.set(id, load);
    }
    return load;
  }

  /** For bundled catalogs: adds one at once. */
  addNamespace(language: Language, namespace: Namespace, catalog: unknown): void {
    this.#add(language, namespace, catalog);
    this.#loads.set(`${language}:${namespace}`, Promise.resolve());
  }

  #add(language: Language, namespace: Namespace, catalog: unknown): void {
    this.lingui.load(language, compiledMessages(catalog, `${language}/${namespace}`));
    this.#loaded.add(`${language}:${namespace}`);
  }

  /** Switches language once every catalog loaded so far is in for the new one too. */
  async changeLanguage(language: Language): Promise<void> {
    // The last language asked for wins: a switch back before the first one's catalogs arrived must not
    // be overtaken by it.
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
   * Calls `listener` after each language switch; returns the unsubscribe. A catalog's arrival calls
   * nothing: a screen that reads it was drawn after its route (or LinguiScreen) loaded it.
   */
  onLanguageChange(listener: () => void): () => void {
    this.#languageListeners.add(listener);
    return () => this.#languageListeners.delete(listener);
  }
}
