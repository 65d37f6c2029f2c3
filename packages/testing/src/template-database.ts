import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from '@app/db';
import type pg from 'pg';
import { connect, quoteIdent, withClient, withDatabase } from './pg-admin.ts';
import { migrationsDir } from './paths.ts';

/** Serialises template builds across concurrent test runs on the same server. */
const TEMPLATE_LOCK_KEY = 0x7465_6d70; // "temp"
/** Leftovers of crashed runs older than this are dropped; younger ones may belong to a running suite. */
const STALE_AFTER_MS = 3 * 3600 * 1000;
const COMPLETE = 'complete';

/** `tmpl_<sha256 of every migration.sql, by name>`: a schema change yields a new template. */
export async function templateName(dir = migrationsDir()): Promise<string> {
  const hash = createHash('sha256');
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  for (const name of names.sort()) {
    const sql = await readFile(path.join(dir, name, 'migration.sql')).catch(() => null);
    if (sql === null) continue;
    hash.update(name).update('\0').update(sql).update('\0');
  }
  return `tmpl_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Builds the migrated template once per schema version. A template is only used once it
 * carries the "complete" comment, so a run killed mid-migration leaves nothing half-built
 * behind for the next run to clone.
 */
export async function ensureTemplateDatabase(
  adminUrl: string,
  options: { migrationsDir?: string } = {},
): Promise<string> {
  const dir = options.migrationsDir ?? migrationsDir();
  const name = await templateName(dir);
  const admin = await connect(adminUrl);
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const state = await databaseComment(admin, name);
    if (state?.startsWith(COMPLETE)) return name;
    if (state !== undefined) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    await migrate(withDatabase(adminUrl, name), { migrationsDir: dir });
    // Nobody may connect to a template: CREATE DATABASE ... TEMPLATE fails while anyone is.
    await admin.query(`ALTER DATABASE ${quoteIdent(name)} ALLOW_CONNECTIONS false`);
    await admin.query(`COMMENT ON DATABASE ${quoteIdent(name)} IS '${COMPLETE} ${new Date().toISOString()}'`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end().catch(() => {});
  }
}

/** undefined: no such database; null: exists without a comment. */
async function databaseComment(client: pg.Client, name: string): Promise<string | null | undefined> {
  const { rows } = await client.query<{ comment: string | null }>(
    "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
    [name],
  );
  return rows.length === 0 ? undefined : rows[0]!.comment;
}

/** Test databases carry their creation time in the name: t_<base36 ms>_<random>. */
export function testDatabaseCreatedAt(name: string): number | undefined {
  const match = /^t_([0-9a-z]+)_[0-9a-f]+$/.exec(name);
  if (!match) return undefined;
  const ms = Number.parseInt(match[1]!, 36);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Drops what crashed or interrupted runs left: test databases and templates of other schema
 * versions older than a few hours. Best effort; a failure here never fails the suite.
 */
export async function dropStaleDatabases(
  adminUrl: string,
  keep: string,
  now = Date.now(),
): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
        WHERE datname LIKE 't\\_%' OR datname LIKE 'tmpl\\_%'`,
    );
    const dropped: string[] = [];
    for (const { datname, comment } of rows) {
      if (datname === keep) continue;
      const createdAt = datname.startsWith('tmpl_')
        ? Date.parse(comment?.slice(COMPLETE.length + 1) ?? '')
        : testDatabaseCreatedAt(datname);
      if (createdAt === undefined || Number.isNaN(createdAt) || now - createdAt < STALE_AFTER_MS) continue;
      try {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
        dropped.push(datname);
      } catch {
        // Another run may be dropping it at the same moment.
      }
    }
    return dropped;
  });
}
