import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (this file lives in packages/testing/src). */
export function repoRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
}

/**
 * The shared feed fixtures. They live outside the repository, beside the clone (CI checks
 * out `shared/` next to `main/`), so they are found relative to the repo root, never by an
 * absolute path; FIXTURES_DIR overrides for other layouts.
 */
export function fixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.resolve(repoRoot(), '../shared/fixtures/feeds');
}

/** The SQL migrations the template database is built from. */
export function migrationsDir(): string {
  return path.join(repoRoot(), 'packages/db/prisma/migrations');
}
