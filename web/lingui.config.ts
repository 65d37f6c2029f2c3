import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The app's strings are written with Lingui's macros (`t({ id, message })`, `plural`, `msg`) and extracted
// from the code into catalogs: locales/{en,zh}.po per feature (the English is the code's, the Chinese is kept
// there), compiled beside them to the locales/{en,zh}.json the app fetches per route: `pnpm --filter @app/web
// i18n`. A feature gets its own catalog with one entry below (ids `<feature>.…`, loaded by its routes); the
// rest of the app shares i18n/{en,zh}.po (ids `shared.…`, loaded before the first screen).
export const FEATURES = {
  unsubscribe: [],
  'content-history': [],
  generation: [],
  podcast: [],
  blog: [],
  admin: [],
  newsletter: [],
  reading: [],
  content: [],
  // The pricing page's strings are the billing feature's.
  billing: ['pricing'],
  // Other features' files that show the account strings.
  account: ['auth/auth-page.tsx', 'profile/feed-token-card.tsx'],
} satisfies Record<string, string[]>;

/** Everything under src/ that no feature's catalog and not the API's holds: the shared catalog's sources. */
function sharedSources(): string[] {
  const owned = new Set([
    'api',
    ...Object.entries(FEATURES).flatMap(([feature, also]) => [feature, ...also].map((s) => `features/${s}`)),
  ]);
  const walk = (dir: string): string[] =>
    readdirSync(path.join(src, dir), { withFileTypes: true }).flatMap((entry) => {
      const child = dir ? `${dir}/${entry.name}` : entry.name;
      if (owned.has(child)) return [];
      // A folder with a file another catalog holds is listed file by file.
      const split = entry.isDirectory() && [...owned].some((o) => o.startsWith(`${child}/`));
      return split ? walk(child) : [`<rootDir>/src/${child}`];
    });
  return walk('');
}
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

export default defineConfig({
  locales: ['en', 'zh'],
  sourceLocale: 'en',
  // No fallback locale: a Chinese string left untranslated fails `lingui compile --strict`.
  catalogs: [
    ...Object.entries(FEATURES).map(([feature, also]) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [feature, ...also].map((source) => `<rootDir>/src/features/${source}`),
    })),
    // The API's error texts (api/error-messages.ts), shown by every feature through api/error-text.ts.
    { path: '<rootDir>/src/api/locales/{locale}', include: ['<rootDir>/src/api'] },
    // The shared strings (i18n/{en,zh}.po): the shell, the layout, the UI kit and every screen not in a
    // feature's catalog.
    { path: '<rootDir>/src/i18n/{locale}', include: sharedSources() },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'json',
  // The macros' `useLingui()` is the app's own (i18n/react.tsx, through package.json's "imports"): the app's
  // one Lingui instance from its context, a new `_` when the language changes. No screen needs
  // @lingui/react's provider, and no page downloads it.
  runtimeConfigModule: { useLingui: ['#lingui-runtime', 'useLingui'] },
});
