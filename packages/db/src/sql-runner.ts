import type { PrismaClient } from '../generated/prisma/client.ts';
import { pgPoolOf } from './client.ts';

/** A statement with pg-style placeholders ($1, $2, …), e.g. a Prisma.sql fragment's text and values. */
export type SqlStatement = {
  text: string;
  values: unknown[];
  /** Set for a named prepared statement: parsed and planned once per connection. */
  name?: string;
};

export type SqlRunner = <T>(statement: SqlStatement) => Promise<T[]>;

/**
 * Runs hot-path reads straight on the Prisma client's own pg pool: the same connections, without
 * Prisma's per-query work ($queryRaw measured at 2–4× the client CPU of pg's own query: 700–870 µs
 * against 320–400 µs for a page of 25 summaries, 200–340 µs against 70–90 µs for a count). A client
 * not made by createPrismaClient() has no reachable pool; it then goes through $queryRawUnsafe.
 */
export function createSqlRunner(prisma: PrismaClient): SqlRunner {
  return async <T>(statement: SqlStatement): Promise<T[]> => {
    const pool = pgPoolOf(prisma);
    if (!pool) return prisma.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
    const result = await pool.query({ name: statement.name, text: statement.text, values: statement.values });
    return result.rows as T[];
  };
}
