import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `pnpm test:faults`: the whole product as separate processes on its own PostgreSQL and Redis,
// with workers killed and servers restarted mid-batch. Not part of `pnpm test` (the root config
// does not list this folder). One file, stages in order: they share one running product.
export default defineConfig({
  // The tests live beside this file, whichever directory `vitest --config` was run from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'faults',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
