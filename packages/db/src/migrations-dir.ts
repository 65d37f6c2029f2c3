import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));
export const SCHEMA_PATH = fileURLToPath(new URL('../prisma/schema.prisma', import.meta.url));
/** Copy of schema.prisma as it stood after a migration: the "from" side of the next diff. */
export const SNAPSHOT_FILE = 'schema.prisma.snapshot';

export type MigrationFile = { name: string; dir: string; sql: string; checksum: string };

/** Prisma's checksum: sha256 (hex) of the migration.sql bytes. */
export function checksumOf(sql: string | Buffer): string {
  return createHash('sha256').update(sql).digest('hex');
}

/** Migration folders in apply order (Prisma sorts by name; names start with a UTC timestamp). */
export async function listMigrationDirs(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = await listMigrationDirs(dir);
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name, 'migration.sql'));
      return { name, dir: path.join(dir, name), sql: bytes.toString('utf8'), checksum: checksumOf(bytes) };
    }),
  );
}

/** The newest snapshot, or null when no migration has one yet (the diff then starts from empty). */
export async function readLastSnapshot(
  dir = MIGRATIONS_DIR,
): Promise<{ name: string; schema: string } | null> {
  const names = await listMigrationDirs(dir);
  for (const name of names.reverse()) {
    const schema = await readFile(path.join(dir, name, SNAPSHOT_FILE), 'utf8').catch(() => null);
    if (schema !== null) return { name, schema };
  }
  return null;
}
