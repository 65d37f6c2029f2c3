import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { resolveDatabaseUrl } from './database-url.ts';
import { raiseWasmTieringBudget } from './wasm-tiering.ts';

export { DEFAULT_DATABASE_URL, resolveDatabaseUrl } from './database-url.ts';

// The pg pool under each client made here, so a hot path can run plain SQL on the same connections
// without Prisma's per-query overhead (and without opening a second pool).
const pools = new WeakMap<PrismaClient, pg.Pool>();

export type PrismaClientOptions = {
  /**
   * Commits return before their WAL reaches disk (synchronous_commit = off): the same atomicity
   * and visibility, but a PostgreSQL crash may lose the last fraction of a second of commits.
   * For writes that can be made again (the crawler's, which the next crawl repeats).
   */
  asyncCommit?: boolean;
};

/**
 * How long an interactive transaction may wait for a pooled connection, and then run. Prisma's
 * defaults (2 s and 5 s) turn a busy moment (every connection of the pool taken, a starved CPU) into
 * a failed request; these wait it out, and still end a transaction left hanging.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** A new client on its own pg pool. Services use getPrisma(); tests make one per database. */
export function createPrismaClient(databaseUrl?: string, options: PrismaClientOptions = {}): PrismaClient {
  raiseWasmTieringBudget();
  const pool = new pg.Pool({
    connectionString: resolveDatabaseUrl(databaseUrl),
    ...(options.asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  // Prisma attaches its own listener once connected; until then an idle client's error must not crash.
  pool.on('error', () => undefined);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  pools.set(client, pool);
  return client;
}

/**
 * The pg pool a client from createPrismaClient() runs on, while it is open; undefined for other clients
 * or after $disconnect(). Plain `pool.query` parses types with pg's defaults (Date, arrays, JSON).
 */
export function pgPoolOf(client: PrismaClient): pg.Pool | undefined {
  const pool = pools.get(client);
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}

let shared: PrismaClient | undefined;

/** The process-wide client, created on first use so importing @app/db never opens a pool. */
export function getPrisma(): PrismaClient {
  shared ??= createPrismaClient();
  return shared;
}

/** Closes the shared client (graceful shutdown); the next getPrisma() makes a new one. */
export async function closePrisma(): Promise<void> {
  const client = shared;
  shared = undefined;
  await client?.$disconnect();
}
