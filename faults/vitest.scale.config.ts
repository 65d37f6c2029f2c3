import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `pnpm test:scale`: two processes of every service, built as production runs them, through one
// day's work on the local PostgreSQL and Redis (a database and a queue prefix of the run's own,
// from @app/testing's global setup), with one copy of each worker killed mid-run. Not part of
// `pnpm test`. One file, stages in order: they share one running product.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'scale',
    include: ['scale/**/*.test.ts'],
    environment: 'node',
    globalSetup: [fileURLToPath(new URL('../packages/testing/src/global-setup.ts', import.meta.url))],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
