import { defineConfig } from 'vitest/config';

// One runner for the whole workspace. Integration tests talk to the real local
// PostgreSQL and Redis; each test file gets its own database and key prefix.
export default defineConfig({
  test: {
    projects: [
      'web/vitest.config.ts',
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'infra/**/*.test.ts',
            'integration/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          globalSetup: ['packages/testing/src/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/testing/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A loaded CI machine can take a few seconds to render after a request.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // A browser test that fails once on CI is run again before it counts as failed;
          // each test makes its own users and rows, so a second run starts clean.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
