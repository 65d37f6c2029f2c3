import { describe, expect, it } from 'vitest';

// The admin screens exist in English and Chinese: their words live in locales/{en,zh}.json.
// The one Chinese literal left is data (a keyword source's name), not interface text.
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const ALLOWED = [" 相关推文'"];

describe('admin screens', () => {
  it('write no Chinese outside the locale files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(25);
    for (const [file, text] of Object.entries(sources)) {
      const lines = text
        .split('\n')
        .filter((line) => /\p{Script=Han}/u.test(line) && !ALLOWED.some((allowed) => line.includes(allowed)));
      expect(lines, file).toEqual([]);
    }
  });
});
