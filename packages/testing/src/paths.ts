import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace root (this file lives in packages/testing/src). */
export function repoRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
}

/**
 * Real-world feed documents for the crawler's tests (packages/testing/fixtures/feeds; where each
 * one comes from is in its SOURCES.md). FIXTURES_DIR points elsewhere.
 */
export function fixturesDir(): string {
  return process.env.FIXTURES_DIR ?? path.join(repoRoot(), 'packages/testing/fixtures/feeds');
}

/** The SQL migrations the template database is built from. */
export function migrationsDir(): string {
  return path.join(repoRoot(), 'packages/db/prisma/migrations');
}
