import { randomBytes } from 'node:crypto';
import pg from 'pg';

const SERVER_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

function urlFor(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A unique database name on the test server. With `create: false` only the name is reserved,
 * so a test can check that migrate() creates the database itself.
 */
export async function createTestDatabase({ create = true } = {}): Promise<TestDatabase> {
  // t_<base36 ms>_<hex>: the @app/testing global setup sweeps such names left by crashed runs.
  const name = `t_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  if (create) await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: urlFor(name),
    drop: () =>
      admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
