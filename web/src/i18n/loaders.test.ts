import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { namespaceUrls } from './loaders';
import { namespaceResources } from './namespaces';

// The browser fetches each namespace's strings from namespaceUrls; the tests and the types read
// namespaces.ts. Both must name the same files, language by language.

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('string files fetched per language and namespace', () => {
  it('cover the same namespaces as namespaces.ts', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(namespaceUrls[language]).sort()).toEqual(
        Object.keys(namespaceResources[language]).sort(),
      );
    }
  });

  it('point each namespace at its own file in its own language', () => {
    for (const language of LANGUAGES) {
      for (const [namespace, url] of Object.entries(namespaceUrls[language])) {
        // Vite serves a source file at its path from the web root (the build fingerprints it instead).
        const file = path.join(webRoot, new URL(url, 'http://web').pathname);
        expect(path.basename(file), `${language}/${namespace}`).toBe(`${language}.json`);
        const strings = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        expect(strings, `${language}/${namespace}`).toEqual(
          namespaceResources[language][namespace as keyof (typeof namespaceResources)['en']],
        );
      }
    }
  });
});
