import type { TestProject } from 'vitest/node';
import { ensureLocalServices } from './local-services.ts';
import { connect, DEFAULT_ADMIN_URL, withDatabase } from './pg-admin.ts';
import { assertRedisReachable, sweepStalePrefixes, testRedisUrl } from './redis.ts';
import { dropStaleDatabases, ensureTemplateDatabase } from './template-database.ts';

export type TestDatabaseContext = {
  /** A database on the test server that always exists; CREATE/DROP DATABASE run from here. */
  adminUrl: string;
  /** The migrated template each test file clones. */
  template: string;
};

declare module 'vitest' {
  // vitest types provide/inject through declaration merging, which needs an interface.
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
  }
}

/**
 * vitest globalSetup: makes sure the migrated template exists (built once per schema
 * version, shared by every test file) and sweeps databases left by crashed runs.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const stopLocalServices = await ensureLocalServices();
  const adminUrl = await resolveAdminUrl(process.env.DATABASE_URL || DEFAULT_ADMIN_URL);
  await assertRedisReachable(testRedisUrl());
  const template = await ensureTemplateDatabase(adminUrl);
  await dropStaleDatabases(adminUrl, template).catch(() => []);
  await sweepStalePrefixes(testRedisUrl()).catch(() => []);
  project.provide('testDatabase', { adminUrl, template });
  // Also for child processes a test spawns (they cannot inject).
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;
  process.env.TEST_TEMPLATE_DATABASE = template;
  return stopLocalServices;
}

/** DATABASE_URL may name an app database that does not exist yet; the server's `postgres` db always does. */
async function resolveAdminUrl(url: string): Promise<string> {
  try {
    const client = await connect(url);
    await client.end();
    return url;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    return withDatabase(url, 'postgres');
  }
}
