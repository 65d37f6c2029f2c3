import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/migrate.ts';
import {
  checksumOf,
  listMigrationDirs,
  MIGRATIONS_DIR,
  readLastSnapshot,
  SCHEMA_PATH,
} from '../src/migrations-dir.ts';
import { diagnoseMigrationHistory, diffSchemas } from '../src/schema-engine.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('migrate', () => {
  const databases: TestDatabase[] = [];
  let db: TestDatabase;
  let names: string[];
  let tmp: string;

  beforeAll(async () => {
    names = await listMigrationDirs();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'db-migrations-'));
    db = await createTestDatabase({ create: false });
    databases.push(db);
  });

  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
    await rm(tmp, { recursive: true, force: true });
  });

  it('creates the database and applies every migration to it', async () => {
    const messages: string[] = [];
    const { applied } = await migrate(db.url, { log: (msg) => messages.push(msg) });
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(applied).toEqual(names);
    expect(messages).toContain(`created database ${db.name}`);
    const tables = await query<{ table_name: string }>(
      db.url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const tableNames = tables.map((t) => t.table_name);
    for (const table of ['users', 'user_profiles', 'summaries', 'content_generation_queue', 'blog_posts']) {
      expect(tableNames).toContain(table);
    }
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db.url)).toEqual({ applied: [] });
  });

  it('records one finished row per migration with the file sha256', async () => {
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      db.url,
      'SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(checksumOf(sql));
      expect(row.finished_at).toBeInstanceOf(Date);
    }
  });

  it("leaves a history that Prisma's own engine accepts", async () => {
    const diagnosis = await diagnoseMigrationHistory(db.url);
    expect(diagnosis).toMatchObject({ editedMigrationNames: [], failedMigrationNames: [], history: null });
  });

  it('applies each migration once when several processes migrate at the same time', async () => {
    const fresh = await createTestDatabase();
    databases.push(fresh);
    const results = await Promise.all([migrate(fresh.url), migrate(fresh.url), migrate(fresh.url)]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const dir = path.join(tmp, 'edited');
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const fresh = await createTestDatabase();
    databases.push(fresh);
    await migrate(fresh.url, { migrationsDir: dir });
    const first = path.join(dir, names[0]!, 'migration.sql');
    await writeFile(first, `${await readFile(first, 'utf8')}\n-- edited\n`);
    await expect(migrate(fresh.url, { migrationsDir: dir })).rejects.toThrow(/edited after being applied/);
  });

  it('rolls a failing migration back completely and records nothing', async () => {
    const dir = path.join(tmp, 'failing');
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    await mkdir(path.join(dir, '99990101000000_broken'));
    await writeFile(
      path.join(dir, '99990101000000_broken', 'migration.sql'),
      'CREATE TABLE "half_done" (id int);\nSELECT no_such_function();\n',
    );
    const fresh = await createTestDatabase();
    databases.push(fresh);
    await expect(migrate(fresh.url, { migrationsDir: dir })).rejects.toThrow(/99990101000000_broken failed/);
    const tables = await query(
      fresh.url,
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'",
    );
    expect(tables).toHaveLength(0);
    const rows = await query<{ n: string }>(fresh.url, 'SELECT count(*) AS n FROM _prisma_migrations');
    expect(Number(rows[0]!.n)).toBe(names.length);
  });

  it('has a migration for every change in schema.prisma (run pnpm db:diff NAME if not)', async () => {
    const snapshot = await readLastSnapshot();
    const current = await readFile(SCHEMA_PATH, 'utf8');
    expect(await diffSchemas(snapshot?.schema ?? null, current, db.url)).toBe('');
  });
});
