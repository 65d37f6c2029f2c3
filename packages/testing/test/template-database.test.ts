import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { migrationsDir } from '../src/paths.ts';
import { quoteIdent, withClient } from '../src/pg-admin.ts';
import { ensureTemplateDatabase, templateName } from '../src/template-database.ts';

const { adminUrl, template } = inject('testDatabase');
const scratch = await mkdtemp(path.join(tmpdir(), 'tmpl-test-'));
const built: string[] = [];

afterAll(async () => {
  await withClient(adminUrl, async (client) => {
    for (const name of built) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
  await rm(scratch, { recursive: true, force: true });
});

it('names the template after the migrations, so a new migration means a new template', async () => {
  const dir = path.join(scratch, 'migrations');
  await cp(migrationsDir(), dir, { recursive: true });
  expect(await templateName(dir)).toBe(template);
  await mkdir(path.join(dir, '99990101000000_test_only'));
  await writeFile(
    path.join(dir, '99990101000000_test_only', 'migration.sql'),
    'CREATE TABLE test_only (id int);',
  );
  expect(await templateName(dir)).not.toBe(template);
});

it('builds a template once when several runs ask at the same time', async () => {
  const dir = path.join(scratch, 'migrations');
  const names = await Promise.all(
    [1, 2, 3].map(() => ensureTemplateDatabase(adminUrl, { migrationsDir: dir })),
  );
  built.push(names[0]!);
  expect(new Set(names).size).toBe(1);
  const info = await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ allow: boolean; comment: string }>(
      "SELECT datallowconn AS allow, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [names[0]],
    );
    return rows[0];
  });
  // Closed to connections, so CREATE DATABASE ... TEMPLATE never finds it busy.
  expect(info).toMatchObject({ allow: false, comment: expect.stringMatching(/^complete /) });
});
