import { linguiMacrosPlugin } from './lingui-macros.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './vite-first-paint.ts';
import { pagePreloads } from './vite-page-preloads.ts';
import { compileHints, functionWrappers } from './vite-function-wrappers.ts';
import { preloadDynamicImport } from './vite-preload-chunk.ts';
import { precompress } from './vite-precompress.ts';
import { pureContracts } from './vite-pure-contracts.ts';

// The gateway (services/gateway) listens on 3000 and serves /api; in production it also serves
// web/dist and falls back to index.html for unknown non-/api paths. API_PROXY_TARGET points the
// dev and preview servers at another gateway (tests, a second checkout).
const gateway = { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000' } };

const APP_MODULE = /[\\/](web[\\/]src|packages[\\/]time[\\/]src)[\\/]/;
/**
 * The shared packages' modules every page's shell uses: the site's feeds' names, titles and links (every
 * page's layout names them) and the languages' locales and tags. They ride in the shell rather than in
 * small files of their own that every page would fetch.
 */
const SHELL_PACKAGE_MODULE =
  /[\\/]packages[\\/](contracts[\\/]src[\\/](site-feeds|language)|rules[\\/]src[\\/](feed-links|language))\.ts$/;
/** What the first-paint entries (vite-first-paint.ts) share with the app. */
const FIRST_PAINT_SHARED =
  /[\\/]web[\\/]src[\\/](font-family|i18n[\\/]language(-storage)?|features[\\/]content[\\/]truncate)\.ts$/;
/** The first-paint entries, what they share between them, and what they share with the app. */
const FIRST_PAINT_MODULE = (id: string) =>
  /[\\/]web[\\/]src[\\/]first-paint(-base|-reading)?\.ts$/.test(id) || FIRST_PAINT_SHARED.test(id);
/** Not loaded with the entry, but by every public page (error texts, cards, alerts): one file, not eight. */
const PUBLIC_PAGES_APP =
  /[\\/](web[\\/]src[\\/]api[\\/]error-text|packages[\\/]contracts[\\/]src[\\/]errors)\.ts$/;
const PUBLIC_PAGES_UI =
  /[\\/]node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](components[\\/](Paper|Alert|CloseButton|Card|Skeleton)|core[\\/]utils[\\/]create-safe-context)|hooks[\\/]esm[\\/](use-id|utils[\\/]random-id))[\\/]/;
/** The content pages' summary parts (markdown, dates and their formats, source names, page links). */
const CONTENT_PARTS =
  /[\\/](web[\\/]src[\\/]features[\\/]content[\\/](markdown\.tsx|text\.ts|summary-page[\\/]page-nav\.tsx)|packages[\\/]time[\\/]src[\\/]format\.ts|packages[\\/](contracts|rules)[\\/]src[\\/]source-name\.ts)$/;
const MANTINE = String.raw`[\\/]node_modules[\\/]@mantine[\\/]`;
/** Mantine components with the internals only they use, each family in one file. */
const MANTINE_FAMILIES: [string, RegExp][] = [
  [
    'mantine-input',
    new RegExp(
      `${MANTINE}core[\\\\/]esm[\\\\/](components[\\\\/](Input|InputBase|TextInput)|core[\\\\/]styles-api[\\\\/]use-resolved-styles-api)[\\\\/]`,
    ),
  ],
  [
    'mantine-tabs',
    new RegExp(
      `${MANTINE}(core[\\\\/]esm[\\\\/](components[\\\\/]Tabs|core[\\\\/]DirectionProvider)|hooks[\\\\/]esm[\\\\/]use-force-update)[\\\\/]`,
    ),
  ],
  [
    // What the keyboard-driven lists (tabs, accordion) share: arrow keys, ids, controlled state.
    'mantine-lists',
    new RegExp(
      `${MANTINE}(core[\\\\/]esm[\\\\/]core[\\\\/]utils[\\\\/](find-element-ancestor|create-scoped-keydown-handler|get-safe-id)|hooks[\\\\/]esm[\\\\/]use-uncontrolled)[\\\\/]`,
    ),
  ],
  [
    'mantine-native-select',
    new RegExp(
      `${MANTINE}core[\\\\/]esm[\\\\/]components[\\\\/](NativeSelect[\\\\/]|Combobox[\\\\/](get-parsed-combobox-data[\\\\/]|Combobox\\.module|ComboboxChevron[\\\\/]))`,
    ),
  ],
];
/** The content pages' shared helpers (time zones, platforms, page metadata): one file, not eight. */
const CONTENT_COMMON =
  /[\\/](web[\\/]src[\\/]features[\\/]content[\\/](feed-links|page-meta|zoned-dates|platform-options|use-time-zone)\.ts|packages[\\/]contracts[\\/]src[\\/]common\.ts|packages[\\/]rules[\\/]src[\\/](platform-order|local-name)\.ts|packages[\\/]time[\\/]src[\\/]index\.ts|node_modules[\\/]@date-fns[\\/]tz[\\/].*)$/;

/** The chunks of screens for signed-in readers, admins and debugging (see modulePreload below). */
const SCREENS_WITHOUT_PRELOADS =
  /(^|\/)(admin-page|require-admin|profile-page|content-history-page|content-generator-page|pro-gate|debug-pages)-[\w-]+\.js$/;

/**
 * The admin tabs' kit and the admin helpers it uses, apart from the confirmation dialog, the select
 * filter and the table (each loaded with the first tab that shows one: the first tab shows none).
 */
const ADMIN_KIT =
  /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/](kit[\\/](?!confirm-dialog|filter-select|admin-table)[^\\/]+|admin-logic)\.tsx?$/;

export default defineConfig({
  plugins: [
    linguiMacrosPlugin(),
    react(),
    pureContracts(),
    firstPaint(),
    preloadDynamicImport(/[\\/]react-dom[\\/]client\.js$/),
    functionWrappers(),
    // The libraries' vendor chunk, React DOM and the app's shell: most of their code runs as the app starts.
    compileHints(['vendor', 'react-dom', 'shell']),
    pagePreloads(),
    precompress(),
  ],
  server: { port: 5173, strictPort: true, proxy: gateway },
  preview: { port: 4173, proxy: gateway },
  build: {
    // WEB_OUT_DIR: another folder for a second build side by side (the browser tests read E2E_WEB_DIST).
    outDir: process.env.WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunk holds which module (the bench and the code-splitting test read
    // it; the gateway never serves it).
    manifest: true,
    // The string files (i18n/loaders.ts) stay files of their own, fetched per language and screen: inlined
    // into a chunk, every reader would download every language.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    // Source maps publish the source: only a build asked for them has them (WEB_SOURCEMAP=true), and a
    // production gateway refuses to serve them anyway.
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    // Browsers that run this build's syntax all support <link rel="modulepreload">: no polyfill.
    modulePreload: {
      polyfill: false,
      // The entry names every file a lazy screen preloads with it. The screens only a signed-in reader or
      // an admin opens (and the debug screens) preload nothing beyond themselves: their imports load as
      // the chunk is read, one round trip later, and a visitor's first download does not carry their
      // files' names. Stylesheets are always kept.
      resolveDependencies: (filename, deps) =>
        SCREENS_WITHOUT_PRELOADS.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        // The automatic chunks shared by several screens are named after every screen sharing them; the
        // entry lists every chunk's file for its preloads, and each chunk names those it imports, so
        // such a file is called after its group alone (mantine-[hash].js).
        //
        // The entry lists every file's name for those preloads, so the names' hashes are seven characters
        // (the fewest the bundler accepts for this many files), not eight: the digits of a hash do not
        // compress, and the list is in every page's first download.
        chunkFileNames: (chunk) =>
          chunk.name.includes('~')
            ? `assets/${chunk.name.split('~')[0]}-[hash:7].js`
            : 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // What every screen needs comes in as few files as will do: the libraries the shell uses in one
        // long-lived vendor chunk (an app release does not invalidate it), the app's own shell in another.
        // Each file costs a request and compresses on its own, so a dozen small ones weigh more than one.
        // The rest of the UI libraries is split by the chunks that use them (entriesAware): a component or
        // icon only one screen uses comes with it. Split that way alone, a public page asked for two dozen
        // files of a few hundred bytes; the groups below gather what goes together into one file each:
        // what every public page uses, the content pages' helpers, and Mantine's component families.
        codeSplitting: {
          groups: [
            {
              // The app's modules the entry loads; not the first-paint entries (tiny entries of their own,
              // which must not wait for the shell) nor what they import, nor the string files (loaded per
              // language).
              name: 'shell',
              test: (id) =>
                SHELL_PACKAGE_MODULE.test(id) ||
                (APP_MODULE.test(id) && !FIRST_PAINT_MODULE(id) && !id.endsWith('.json')),
              tags: ['$initial'],
              priority: 3,
              // Only the app's own modules: the libraries they use stay in the vendor chunk.
              includeDependenciesRecursively: false,
            },
            {
              // React's DOM renderer, the largest library: main.tsx imports it dynamically so that it runs
              // in a task of its own (index.html preloads it with the entry).
              name: 'react-dom',
              test: /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'public-pages',
              test: (id) => PUBLIC_PAGES_APP.test(id) || PUBLIC_PAGES_UI.test(id),
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'content-parts',
              test: CONTENT_PARTS,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            { name: 'first-paint-shared', test: FIRST_PAINT_SHARED, priority: 3 },
            {
              // What the admin tabs are built from (features/admin/kit), one file with every tab's
              // share of it: the app's entry names each file a lazy screen may preload.
              name: 'admin-kit',
              test: ADMIN_KIT,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'content-common',
              test: CONTENT_COMMON,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            ...MANTINE_FAMILIES.map(([name, test]) => ({
              name,
              test,
              priority: 2,
              includeDependenciesRecursively: false,
            })),
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
              entriesAware: true,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, entriesAware: true },
            {
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]/,
              entriesAware: true,
            },
          ],
        },
      },
    },
  },
});
