import { type PrismaClient, pgPoolOf } from '@app/db';

export type Sql = { text: string; values: unknown[]; name?: string };
export type RunSql = <T>(statement: Sql) => Promise<T[]>;

/**
 * A transaction on the Prisma client's own pg pool: clustering is a hot path of a few short
 * statements, and Prisma's interactive transaction costs more than the statements themselves.
 * A client without a reachable pool (not made by createPrismaClient) uses $transaction.
 */
export async function inTransaction<T>(prisma: PrismaClient, work: (run: RunSql) => Promise<T>): Promise<T> {
  const pool = pgPoolOf(prisma);
  if (!pool) {
    return prisma.$transaction((tx) =>
      work(<R>(statement: Sql) => tx.$queryRawUnsafe<R[]>(statement.text, ...statement.values)),
    );
  }
  const client = await pool.connect();
  // The pool listens for errors on idle clients only: a checked-out one whose connection drops (a
  // PostgreSQL restart) emits 'error', which without a listener would end the process. The failed
  // query rejects on its own; a broken connection is destroyed on release.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(async <R>(statement: Sql) => (await client.query(statement)).rows as R[]);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A ROLLBACK that fails too means the connection is gone: it is not given back to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken ??= rollbackError;
    });
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/** A single statement on the pool (or through Prisma when there is none). */
export async function runSql<T>(prisma: PrismaClient, statement: Sql): Promise<T[]> {
  const pool = pgPoolOf(prisma);
  if (!pool) return prisma.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
  return (await pool.query(statement)).rows as T[];
}
