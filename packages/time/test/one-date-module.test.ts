import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// @app/time is the one place an instant becomes text or a zone is checked: the services, the shared
// packages, the web app and the launcher write dates through formatInstant and check zones through
// isValidTimeZone, so one cache of formats and one rule hold everywhere.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const OWN = path.join(ROOT, 'packages/time/src');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'generated']);
/** Building a date format, or a Date's locale strings, outside @app/time. */
const DATE_TEXT =
  /Intl\.DateTimeFormat\s*\(|\.toLocale(?:Date|Time)String\s*\(|new Date\([^)]*\)\.toLocaleString\s*\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const folders = () => [
  ...readdirSync(path.join(ROOT, 'services')).map((name) => path.join(ROOT, 'services', name, 'src')),
  ...readdirSync(path.join(ROOT, 'packages')).map((name) => path.join(ROOT, 'packages', name, 'src')),
  path.join(ROOT, 'web/src'),
  path.join(ROOT, 'infra/launcher'),
];

describe('dates as text', () => {
  it('are written and zones checked by @app/time only', () => {
    const files = folders().flatMap((folder) => {
      try {
        return sources(folder);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(300);
    const found = files
      .filter((file) => !file.startsWith(OWN))
      .filter((file) => DATE_TEXT.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(found).toEqual([]);
  });

  it('recognises each way of building one', () => {
    for (const line of [
      "new Intl.DateTimeFormat('en-US', { timeZone })",
      'Intl.DateTimeFormat().resolvedOptions()',
      "date.toLocaleDateString('zh-CN')",
      'new Date(iso).toLocaleString()',
    ])
      expect(DATE_TEXT.test(line), line).toBe(true);
    // A number's grouping is not a date.
    expect(DATE_TEXT.test("count.toLocaleString('en')")).toBe(false);
  });
});
