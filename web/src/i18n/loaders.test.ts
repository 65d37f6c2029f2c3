import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../lingui.config';
import { LANGUAGES } from './language';
import { namespaceUrls } from './loaders';

// The browser fetches each catalog from namespaceUrls: one per catalog of the Lingui config and language.

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe('catalogs fetched per language', () => {
  it('cover every catalog of the Lingui config', () => {
    const expected = ['shared', 'apiErrors', ...Object.keys(FEATURES).map(camel)].sort();
    for (const language of LANGUAGES) expect(Object.keys(namespaceUrls[language]).sort()).toEqual(expected);
  });

  it('point each catalog at its own compiled file in its own language', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, url] of Object.entries(namespaceUrls[language])) {
        // Vite serves a source file at its path from the web root (the build fingerprints it instead).
        const file = path.join(webRoot, new URL(url, 'http://web').pathname);
        expect(path.basename(file), `${language}/${namespace}`).toBe(`${language}.json`);
        const { messages } = JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, unknown> };
        const ids = Object.keys(messages);
        expect(ids.length, `${language}/${namespace}`).toBeGreaterThan(0);
        expect(
          ids.every((id) => id.startsWith(`${namespace}.`)),
          `${language}/${namespace}`,
        ).toBe(true);
      }
    }
  });
});
