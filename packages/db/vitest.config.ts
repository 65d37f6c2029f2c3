import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs this package's tests without the workspace globalSetup:
//   pnpm vitest run --config packages/db/vitest.config.ts
// Each test file creates (and drops) its own database on DATABASE_URL's server.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
