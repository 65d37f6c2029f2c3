import { randomBytes } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '@app/db';
import { inject } from 'vitest';
import type { TestDatabaseContext } from './global-setup.ts';
import { quoteIdent, withClient, withDatabase } from './pg-admin.ts';

export type TestDatabase = {
  /** Connection string of this test's own database. */
  url: string;
  name: string;
  /** A client on that database; drop() disconnects it. */
  prisma: PrismaClient;
  /** Disconnects the client and drops the database, whoever is still connected. */
  drop(): Promise<void>;
};

function context(): TestDatabaseContext {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  let provided: TestDatabaseContext | undefined;
  try {
    provided = inject('testDatabase');
  } catch {
    // Not inside a vitest worker: fall back to what global-setup put in the environment.
  }
  if (provided) return provided;
  if (adminUrl && template) return { adminUrl, template };
  throw new Error(
    'createTestDatabase() needs the @app/testing globalSetup (packages/testing/src/global-setup.ts) ' +
      'in the vitest project, or TEST_DATABASE_ADMIN_URL and TEST_TEMPLATE_DATABASE in the environment',
  );
}

/** Name carries the creation time so global-setup can sweep ones left by crashed runs. */
export function newTestDatabaseName(): string {
  return `t_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
}

/**
 * A fresh, migrated database for one test file: cloned from the template, which takes
 * tens of milliseconds where running the migrations would take seconds.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = context();
  const name = newTestDatabaseName();
  await withClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`),
  );
  const url = withDatabase(adminUrl, name);
  const prisma = createPrismaClient(url);
  let dropping: Promise<void> | undefined;
  const drop = () => {
    dropping ??= (async () => {
      await prisma.$disconnect().catch(() => {});
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    })();
    return dropping;
  };
  return { url, name, prisma, drop };
}
