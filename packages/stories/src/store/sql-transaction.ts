import { type PrismaClient, pgPoolOf } from '@app/db';

export type Sql = { text: string; values: unknown[]; name?: string };
export type RunSql = <T>(statement: Sql) => Promise<T[]>;
/**
 * Several statements in one round trip, the rows of each in order. The transaction's BEGIN goes
 * with the first round trip, and with `commit` its COMMIT goes with this one. Every placeholder
 * must carry a cast (`$1::uuid`): the values travel as quoted literals.
 */
export type RunScript = (statements: Sql[], options?: { commit?: boolean }) => Promise<unknown[][]>;

/**
 * A transaction on the Prisma client's own pg pool: clustering is a hot path of a few short
 * statements, and Prisma's interactive transaction costs more than the statements themselves.
 * `script` sends several statements (and the BEGIN, and the COMMIT) in one round trip.
 * A client without a reachable pool (not made by createPrismaClient) uses $transaction.
 *
 * The commit does not wait for the WAL flush (`synchronous_commit = off` for this transaction
 * only): a clustering decision is derived data. A crash loses at most the last few hundred
 * milliseconds of decisions, whole transactions at a time, and the summaries they covered are
 * left without a story, which the backlog job decides again. Waiting for the flush would be most
 * of an assignment's time.
 */
const ASYNC_COMMIT = 'SET LOCAL synchronous_commit = off';

export async function inTransaction<T>(
  prisma: PrismaClient,
  work: (run: RunSql, script: RunScript) => Promise<T>,
): Promise<T> {
  const pool = pgPoolOf(prisma);
  if (!pool) {
    return prisma.$transaction((tx) => {
      const run = <R>(statement: Sql) => tx.$queryRawUnsafe<R[]>(statement.text, ...statement.values);
      const script: RunScript = async (statements) => {
        const results: unknown[][] = [];
        for (const statement of statements) results.push(await run(statement));
        return results;
      };
      return work(run, script);
    });
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
  let state = 'idle' as 'idle' | 'open' | 'committed';
  const run = async <R>(statement: Sql) => {
    if (state === 'committed') throw new Error('the transaction is already committed');
    if (state === 'idle') {
      await client.query(`BEGIN; ${ASYNC_COMMIT}`);
      state = 'open';
    }
    return (await client.query(statement)).rows as R[];
  };
  const script: RunScript = async (statements, options = {}) => {
    if (state === 'committed') throw new Error('the transaction is already committed');
    const parts = statements.map((statement) => inline(statement, (text) => client.escapeLiteral(text)));
    const begins = state === 'idle';
    if (begins) parts.unshift('BEGIN', ASYNC_COMMIT);
    if (options.commit) parts.push('COMMIT');
    state = 'open';
    const result = (await client.query(parts.join(';\n'))) as unknown as
      | { rows: unknown[] }[]
      | { rows: unknown[] };
    if (options.commit) state = 'committed';
    const results = Array.isArray(result) ? result : [result];
    const skipped = begins ? 2 : 0;
    return results.slice(skipped, skipped + statements.length).map((r) => r.rows);
  };
  try {
    const result = await work(run, script);
    if (state === 'open') await client.query('COMMIT');
    return result;
  } catch (error) {
    // A ROLLBACK that fails too means the connection is gone: it is not given back to the pool.
    if (state !== 'committed')
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

/** The statement with each `$n` replaced by its value as a quoted literal (`NULL` for null). */
export function inline(statement: Sql, quote: (text: string) => string): string {
  return statement.text.replace(/\$(\d+)/g, (_, index: string) => {
    const position = Number(index) - 1;
    if (position < 0 || position >= statement.values.length)
      throw new Error(`no value for $${index} in a script statement`);
    const value = statement.values[position];
    return value === null || value === undefined ? 'NULL' : quote(literalText(value));
  });
}

/** A value as PostgreSQL reads it in text form: arrays as `{…}` literals, dates as ISO 8601. */
function literalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      if (item === null || item === undefined) return 'NULL';
      if (Array.isArray(item)) return literalText(item);
      return `"${literalText(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    });
    return `{${items.join(',')}}`;
  }
  throw new Error(`no literal form for a ${typeof value}`);
}
