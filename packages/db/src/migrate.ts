import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from './ensure-database.ts';
import { MIGRATIONS_DIR, type MigrationFile, readMigrations } from './migrations-dir.ts';

export type MigrateOptions = {
  log?: (msg: string) => void;
  /** Defaults to packages/db/prisma/migrations. */
  migrationsDir?: string;
};

// Prisma's own advisory lock key, so this runner and `prisma migrate deploy` exclude each other.
const PRISMA_MIGRATE_LOCK = 72707369;

// The table exactly as Prisma creates it, so Prisma's engine accepts the history we write.
const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

type HistoryRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

/**
 * Applies the pending SQL migrations, each in its own transaction, and records them in
 * `_prisma_migrations`. Creates the database first when it is missing. Safe to run from
 * many processes at once: the advisory lock serialises them and the later ones apply nothing.
 */
export async function migrate(
  databaseUrl: string,
  opts: MigrateOptions = {},
): Promise<{ applied: string[] }> {
  const log = opts.log ?? (() => {});
  await ensureDatabase(databaseUrl, log);
  const migrations = await readMigrations(opts.migrationsDir ?? MIGRATIONS_DIR);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(CREATE_HISTORY_TABLE);
    const { rows } = await client.query<HistoryRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const pending = pendingMigrations(migrations, rows, log);
    const applied: string[] = [];
    for (const migration of pending) {
      await applyOne(client, migration);
      log(`applied ${migration.name}`);
      applied.push(migration.name);
    }
    if (applied.length === 0) log('no pending migrations');
    return { applied };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => {});
    await client.end();
  }
}

function pendingMigrations(
  migrations: MigrationFile[],
  history: HistoryRow[],
  log: (msg: string) => void,
): MigrationFile[] {
  const live = history.filter((row) => row.rolled_back_at === null);
  const failed = live.filter((row) => row.finished_at === null);
  if (failed.length > 0) {
    const names = failed.map((row) => row.migration_name).join(', ');
    throw new Error(
      `migration(s) ${names} failed earlier and were never resolved; fix the database by hand first`,
    );
  }
  const appliedByName = new Map(live.map((row) => [row.migration_name, row]));
  const known = new Set(migrations.map((m) => m.name));
  for (const row of live) {
    if (!known.has(row.migration_name)) log(`warning: ${row.migration_name} is applied but missing on disk`);
  }
  const edited = migrations.filter((m) => {
    const row = appliedByName.get(m.name);
    return row !== undefined && row.checksum !== m.checksum;
  });
  if (edited.length > 0) {
    const names = edited.map((m) => m.name).join(', ');
    throw new Error(
      `applied migration(s) ${names} were edited after being applied (checksum changed); ` +
        'restore the original file and put the change in a new migration',
    );
  }
  return migrations.filter((m) => !appliedByName.has(m.name));
}

async function applyOne(client: pg.Client, migration: MigrationFile): Promise<void> {
  const startedAt = new Date();
  await client.query('BEGIN');
  try {
    // No parameters: pg sends it as one simple query, which may hold many statements.
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
      [randomUUID(), migration.checksum, migration.name, startedAt],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${migration.name} failed and was rolled back: ${message}`, { cause: error });
  }
}
