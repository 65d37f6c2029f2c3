import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DiagnoseMigrationHistoryOutput, DiffTarget, SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import { listMigrationDirs, MIGRATIONS_DIR } from './migrations-dir.ts';

// Dev tooling only (pnpm db:diff, tests): Prisma's schema engine compiled to Wasm, which
// needs no download, unlike the native engine behind `prisma migrate`.

const require = createRequire(import.meta.url);
const NO_FILTERS = { externalTables: [], externalEnums: [] };

// lib ES2023 without DOM declares no WebAssembly value; this is the slice we use.
type WasmApi = {
  instantiate(
    bytes: Uint8Array,
    imports: object,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
};
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/**
 * The package entry imports the .wasm as an ES module, which Node 20 cannot do, so we
 * instantiate the bytes ourselves and hand them to the wasm-bindgen glue. Once per process:
 * the glue module keeps state (memory views, callbacks) tied to the first instance.
 */
let engineModule: ReturnType<typeof instantiateEngineModule> | undefined;
function loadEngineModule() {
  engineModule ??= instantiateEngineModule();
  return engineModule;
}

async function instantiateEngineModule() {
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'));
  const { instance } = await wasmApi.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

/** The engine insists on a live connection at start-up (it reads the server version). */
async function withSchemaEngine<T>(
  databaseUrl: string,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const glue = await loadEngineModule();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let engine: SchemaEngine | undefined;
  try {
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    engine = await glue.SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
    return await fn(engine);
  } finally {
    engine?.free();
    await pool.end();
  }
}

const datamodel = (content: string): DiffTarget => ({
  tag: 'schemaDatamodel',
  files: [{ path: 'schema.prisma', content }],
});

/**
 * SQL that turns a database built from `from` (null: an empty database) into one matching
 * `to`; empty when nothing changes. Any reachable server will do: a datamodel-to-datamodel
 * diff reads nothing from it.
 */
export async function diffSchemas(from: string | null, to: string, serverUrl: string): Promise<string> {
  const sql = await withSchemaEngine(serverUrl, async (engine) => {
    const result = await engine.diff({
      from: from === null ? { tag: 'empty' } : datamodel(from),
      to: datamodel(to),
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? '';
  });
  return sql.trim() === '' || sql.includes('This is an empty migration.') ? '' : sql;
}

/** Prisma's own view of a database's migration history against the migrations folder. */
export async function diagnoseMigrationHistory(
  databaseUrl: string,
  dir = MIGRATIONS_DIR,
): Promise<DiagnoseMigrationHistoryOutput> {
  const names = await listMigrationDirs(dir);
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  const lockPath = path.join(dir, 'migration_lock.toml');
  const migrationsList = {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    shadowDbInitScript: '',
    migrationDirectories,
  };
  return withSchemaEngine(databaseUrl, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS }),
  );
}
