import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/database.ts';
import { connect, quoteIdent, withClient } from '../src/pg-admin.ts';
import { dropStaleDatabases, templateName, testDatabaseCreatedAt } from '../src/template-database.ts';

const { adminUrl, template } = inject('testDatabase');
const opened: TestDatabase[] = [];

async function databaseExists(name: string): Promise<boolean> {
  return withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.drop()));
});

describe('createTestDatabase', () => {
  it('clones the migrated template', async () => {
    const db = await createTestDatabase();
    opened.push(db);
    expect(template).toBe(await templateName());
    expect(db.url).toContain(`/${db.name}`);
    const rows = await db.prisma.$queryRaw<
      { count: bigint }[]
    >`SELECT count(*) AS count FROM "_prisma_migrations"`;
    expect(Number(rows[0]!.count)).toBeGreaterThan(0);
    // The schema is there and empty.
    expect(await db.prisma.user.count()).toBe(0);
  });

  it('gives each caller its own database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    opened.push(a!, b!);
    await a!.prisma.$executeRaw`CREATE TABLE only_in_a (id int)`;
    const inB = await b!.prisma.$queryRaw<
      { exists: boolean }[]
    >`SELECT to_regclass('only_in_a') IS NOT NULL AS exists`;
    expect(inB[0]!.exists).toBe(false);
  });

  it('drop() removes the database even with other clients connected', async () => {
    const db = await createTestDatabase();
    const stray = await connect(db.url);
    stray.on('error', () => {});
    await db.drop();
    expect(await databaseExists(db.name)).toBe(false);
    await stray.end().catch(() => {});
    await db.drop(); // idempotent
  });
});

describe('global setup helpers', () => {
  it('names test databases with their creation time', () => {
    const at = Date.UTC(2026, 0, 1);
    expect(testDatabaseCreatedAt(`t_${at.toString(36)}_abcdef0123`)).toBe(at);
    expect(testDatabaseCreatedAt('tmpl_0123')).toBeUndefined();
    expect(testDatabaseCreatedAt('daily_curated')).toBeUndefined();
  });

  it('sweeps test databases left over from old runs, and only those', async () => {
    const old = `t_${(Date.now() - 5 * 3600 * 1000).toString(36)}_0000000001`;
    const fresh = await createTestDatabase();
    opened.push(fresh);
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(old)}`));
    const dropped = await dropStaleDatabases(adminUrl, template);
    expect(dropped).toContain(old);
    expect(await databaseExists(old)).toBe(false);
    expect(await databaseExists(fresh.name)).toBe(true);
    expect(await databaseExists(template)).toBe(true);
  });

  it('says how to start PostgreSQL when it is not reachable', async () => {
    await expect(connect('postgresql://postgres@127.0.0.1:1/postgres')).rejects.toThrow(
      /not reachable at 127\.0\.0\.1:1 \(ECONNREFUSED\).*pg_ctlcluster/,
    );
  });
});
