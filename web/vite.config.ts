import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './vite-first-paint.ts';
import { precompress } from './vite-precompress.ts';
import { pureContracts } from './vite-pure-contracts.ts';

// The gateway (services/gateway) listens on 3000 and serves /api; in production it also serves
// web/dist and falls back to index.html for unknown non-/api paths. API_PROXY_TARGET points the
// dev and preview servers at another gateway (tests, a second checkout).
const gateway = { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000' } };

export default defineConfig({
  plugins: [react(), pureContracts(), firstPaint(), precompress()],
  server: { port: 5173, strictPort: true, proxy: gateway },
  preview: { port: 4173, proxy: gateway },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunk holds which module (the bench and the code-splitting test read
    // it; the gateway never serves it).
    manifest: true,
    // The string files (i18n/loaders.ts) stay files of their own, fetched per language and screen: inlined
    // into a chunk, every reader would download every language.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    // Source maps publish the source: only a build asked for them has them (WEB_SOURCEMAP=true), and a
    // production gateway refuses to serve them anyway.
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the libraries' cache. The UI
        // libraries are split by the chunks that use them (entriesAware): the entry's vendor chunk
        // holds only what the shell uses, and a component or icon only one screen uses comes with it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // What the shell itself uses of Mantine and the icons: one chunk, not one per combination
            // of screens sharing it (each file is a request, which costs more than its bytes on a slow link).
            {
              name: 'mantine-shell',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group|@tabler)/,
              tags: ['$initial'],
              priority: 1,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
              entriesAware: true,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
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
