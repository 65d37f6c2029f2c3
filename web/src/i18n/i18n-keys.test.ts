import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../lingui.config';
import { namespaceOfFile } from './loaders';

// The compiled catalogs the app loads (`pnpm --filter @app/web i18n` writes them from the .po files; the
// i18n check fails when they are out of date with the code).

type Token = string | [name: string, type?: string, forms?: Record<string, Token[]>];
type Catalog = { messages: Record<string, Token[]> };

const files = import.meta.glob<Catalog>(
  ['../api/locales/*.json', '../features/*/locales/*.json', './en.json', './zh.json'],
  { import: 'default', eager: true },
);
/** Per catalog, its English and Chinese messages. */
const catalogs = new Map<string, { en?: Catalog; zh?: Catalog }>();
for (const [file, catalog] of Object.entries(files)) {
  const { namespace, language } = namespaceOfFile(file);
  catalogs.set(namespace, { ...catalogs.get(namespace), [language]: catalog });
}

/** A message as text, its placeholders written `{name}` (a plural: its placeholder, then its forms). */
function text(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token;
      const [name, , forms] = token;
      return forms ? `{${name}: ${Object.values(forms).map(text).join(' | ')}}` : `{${name}}`;
    })
    .join('');
}

/** The placeholders a message fills, each once, sorted. */
function placeholders(tokens: Token[]): string[] {
  const names = new Set<string>();
  const visit = (list: Token[]) => {
    for (const token of list) {
      if (typeof token === 'string') continue;
      if (token[0] !== '#') names.add(token[0]);
      for (const form of Object.values(token[2] ?? {})) visit(form);
    }
  };
  visit(tokens);
  return [...names].sort();
}

const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe('the compiled catalogs', () => {
  it('are one per feature of the Lingui config, plus the shared and the API ones, in both languages', () => {
    expect([...catalogs.keys()].sort()).toEqual(
      ['shared', 'apiErrors', ...Object.keys(FEATURES).map(camel)].sort(),
    );
    for (const [namespace, { en, zh }] of catalogs) {
      expect(en?.messages, `${namespace} en`).toBeTypeOf('object');
      expect(zh?.messages, `${namespace} zh`).toBeTypeOf('object');
    }
  });

  it('hold their own messages: every id starts with the catalog’s name', () => {
    for (const [namespace, { en }] of catalogs) {
      const strays = Object.keys(en!.messages).filter((id) => !id.startsWith(`${namespace}.`));
      expect(strays, namespace).toEqual([]);
    }
  });

  it('have the same messages in English and Chinese, none empty, with the same placeholders', () => {
    for (const [namespace, { en, zh }] of catalogs) {
      expect(Object.keys(zh!.messages).sort(), namespace).toEqual(Object.keys(en!.messages).sort());
      for (const [id, english] of Object.entries(en!.messages)) {
        const chinese = zh!.messages[id]!;
        expect(text(english).trim(), id).not.toBe('');
        expect(text(chinese).trim(), id).not.toBe('');
        expect(placeholders(chinese), id).toEqual(placeholders(english));
      }
    }
  });

  it('keep the spec wording for validation and auth errors', () => {
    const shared = catalogs.get('shared')!;
    const say = (language: 'en' | 'zh', id: string) => text(shared[language]!.messages[`shared.${id}`]!);
    expect(say('en', 'auth.emailRequired')).toBe('Please enter a valid email address');
    expect(say('en', 'auth.passwordRequired')).toBe('Password must be at least 6 characters');
    expect(say('en', 'auth.invalidCredentials')).toBe('Invalid email or password');
    expect(say('en', 'auth.tryAgainLater')).toBe('Please try again later');
    expect(say('en', 'callback.sessionNotFound')).toBe('Login session not found');
    expect(say('en', 'callback.processingFailed')).toBe('An error occurred while processing login');
    expect(say('en', 'notFound.title')).toBe('Oops! Page not found');
    expect(say('en', 'notFound.returnHome')).toBe('Return to Home');
    expect(say('zh', 'auth.or')).toBe('或');
  });
});
