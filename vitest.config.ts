import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiMacrosPlugin } from './web/lingui-macros.ts';

// One runner for the whole workspace. Integration tests talk to the real local
// PostgreSQL and Redis; each test file gets its own database and key prefix.
//
// All projects share one pool of workers, so the browser files run beside the node files
// rather than one by one after them. Most files spend their time waiting on PostgreSQL, Redis, a
// child process or Chromium, not computing: one worker more than there are cores keeps a 2-core
// machine busy, where vitest's default (cores - 1) would run one file at a time.
const workers = Math.max(3, availableParallelism() - 1);

const NODE_TESTS = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'services/*/test/**/*.test.ts',
  'services/*/src/**/*.test.ts',
  'infra/**/*.test.ts',
  'integration/**/*.test.ts',
];

/**
 * Node test files that replace modules (`vi.mock`, `vi.doMock`) or globals: each runs in a fresh
 * module registry, so a replacement never reaches another file. Every other node file shares its
 * worker's modules with the files before it: the gateway, Prisma and BullMQ load once per worker
 * instead of once per file (most of the suite's time otherwise). A file may therefore not change
 * what a module read when it was loaded (environment variables, globals) without a registry of its own.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const REPLACES_MODULES = /\bvi\.(?:doMock|mock|stubGlobal|stubEnv)\(/;
const ISOLATED_NODE_TESTS = ['packages', 'services', 'infra', 'integration']
  .flatMap((folder) => testFilesUnder(path.join(ROOT, folder)))
  .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(ROOT, file));

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(full);
    return entry.isFile() && entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const NODE_PROJECT = {
  exclude: ['**/node_modules/**'],
  environment: 'node' as const,
  globalSetup: ['packages/testing/src/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      'web/vitest.config.ts',
      {
        test: {
          ...NODE_PROJECT,
          name: 'node',
          include: NODE_TESTS,
          exclude: [...NODE_PROJECT.exclude, ...ISOLATED_NODE_TESTS],
          isolate: false,
        },
      },
      { test: { ...NODE_PROJECT, name: 'node-isolated', include: ISOLATED_NODE_TESTS } },
      {
        // The web app's modules some browser tests read (the router's table): with their Lingui macros compiled.
        plugins: [linguiMacrosPlugin()],
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/testing/src/global-setup.ts'],
          // Chromium launches once per worker; each file still starts its own product (harness.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run in parallel: each starts its own product (database, key prefix, port, SMTP
          // capture, browser contexts), so none sees another's users, rows, limits or mail.
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
