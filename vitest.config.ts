import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole workspace. Integration tests talk to the real local
// PostgreSQL and Redis; each test file gets its own database and key prefix.
//
// All three projects share one pool of workers, so the browser files run beside the node files
// rather than one by one after them. Most files spend their time waiting on PostgreSQL, Redis, a
// child process or Chromium, not computing: one worker more than there are cores keeps a 2-core
// machine busy, where vitest's default (cores - 1) would run one file at a time.
const workers = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: workers,
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
          // Files run in parallel: each starts its own product (database, key prefix, port, SMTP
          // capture, browser), so none sees another's users, rows, limits or mail.
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
