import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// The screens whose strings are written with Lingui's macros (`t({ id, message })`, `plural`, `msg`): each
// feature's catalogs are locales/{en,zh}.po, extracted from its code (the English is the code's, the Chinese
// is kept there), and compiled beside them to the locales/{en,zh}.json the app fetches per route: `pnpm
// --filter @app/web i18n`. A feature moves here with one entry below; the other features' locales/*.json are
// still the i18next-style files that i18n/catalog.ts converts.
const MIGRATED: Record<string, string[]> = {
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
};

export default defineConfig({
  locales: ['en', 'zh'],
  sourceLocale: 'en',
  // No fallback locale: a Chinese string left untranslated fails `lingui compile --strict`.
  catalogs: Object.entries(MIGRATED).map(([feature, also]) => ({
    path: `<rootDir>/src/features/${feature}/locales/{locale}`,
    include: [feature, ...also].map((source) => `<rootDir>/src/features/${source}`),
  })),
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'json',
  // The macros' `useLingui()` is the app's own (i18n/react.tsx, through package.json's "imports"): the app's
  // one Lingui instance from its context, a new `_` when the language changes. No screen needs
  // @lingui/react's provider, and no page downloads it.
  runtimeConfigModule: { useLingui: ['#lingui-runtime', 'useLingui'] },
});
