import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway (services/gateway) listens on 3000 and serves /api; in production it also serves
// web/dist and falls back to index.html for unknown non-/api paths. API_PROXY_TARGET points the
// dev and preview servers at another gateway (tests, a second checkout).
const gateway = { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000' } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy: gateway },
  preview: { port: 4173, proxy: gateway },
  build: {
    outDir: 'dist',
    // Source maps publish the source: only a build asked for them has them (WEB_SOURCEMAP=true), and a
    // production gateway refuses to serve them anyway.
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the libraries' cache.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
          ],
        },
      },
    },
  },
});
