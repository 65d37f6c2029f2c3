import { describe, expect, it } from 'vitest';
import en from './en.json';
import { namespaceResources } from './namespaces';
import zh from './zh.json';

type Token = string | unknown[];

/**
 * A compiled Lingui message as text, its placeholders written `{{name}}` as in the other string files
 * (a plural is its placeholder followed by its forms).
 */
function compiledText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token;
      const [name, , forms] = token as [string, string?, Record<string, Token[]>?];
      const inner = forms ? Object.values(forms).map(compiledText).join(' ') : '';
      return `{{${name}}}${inner ? ` ${inner}` : ''}`;
    })
    .join('');
}

/** A feature's compiled Lingui catalog ({ messages: { id: tokens } }), as flat `id → text` pairs. */
function compiledCatalog(value: object): Map<string, unknown> | null {
  if (Object.keys(value).length !== 1 || !('messages' in value)) return null;
  const messages = value.messages as Record<string, unknown>;
  if (!Object.values(messages).every(Array.isArray)) return null;
  return new Map(Object.entries(messages).map(([id, tokens]) => [id, compiledText(tokens as Token[])]));
}

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const compiled = typeof value === 'object' && value !== null ? compiledCatalog(value) : null;
  if (compiled) {
    for (const [id, text] of compiled) out.set(`${prefix}:${id}`, text);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort() : [];
}

describe('translation files', () => {
  // Every namespace is flattened under its name, so a missing key in any feature file fails here.
  const enKeys = flatten(namespaceResources.en);
  const zhKeys = flatten(namespaceResources.zh);

  it('register every feature locale folder as a namespace', () => {
    const folders = Object.keys(import.meta.glob('../features/*/locales/en.json')).map(
      (file) => file.split('/')[2] ?? '',
    );
    const namespaces = folders.map((folder) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
    expect(namespaces).toContain('admin');
    expect(Object.keys(namespaceResources.en)).toEqual(expect.arrayContaining(namespaces));
    expect(Object.keys(namespaceResources.zh).sort()).toEqual(Object.keys(namespaceResources.en).sort());
  });

  it('are either Lingui catalogs or string files, never mistaken for each other', () => {
    // The app loads a file that holds `messages` alone as a compiled Lingui catalog (strings.ts).
    for (const language of ['en', 'zh'] as const)
      for (const [namespace, tree] of Object.entries(namespaceResources[language]))
        if (Object.keys(tree).length === 1 && 'messages' in tree)
          expect(compiledCatalog(tree), `${language}/${namespace}`).not.toBeNull();
  });

  it('have the same keys in en and zh', () => {
    expect([...zhKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...enKeys, ...zhKeys]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const [key, value] of enKeys) {
      expect(placeholders(zhKeys.get(key)), key).toEqual(placeholders(value));
    }
  });

  it('keep the spec wording for validation and auth errors', () => {
    expect(en.auth.emailRequired).toBe('Please enter a valid email address');
    expect(en.auth.passwordRequired).toBe('Password must be at least 6 characters');
    expect(en.auth.invalidCredentials).toBe('Invalid email or password');
    expect(en.auth.tryAgainLater).toBe('Please try again later');
    expect(en.callback.sessionNotFound).toBe('Login session not found');
    expect(en.callback.processingFailed).toBe('An error occurred while processing login');
    expect(en.notFound.title).toBe('Oops! Page not found');
    expect(en.notFound.returnHome).toBe('Return to Home');
    expect(zh.auth.or).toBe('或');
  });
});
