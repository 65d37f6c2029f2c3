import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P03',
]);

/** Opens a client, turning "server not running" into an error that says how to start it. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    const code = (error as { code?: string }).code;
    const timedOut = error instanceof Error && /timeout/i.test(error.message);
    if ((code && UNREACHABLE_CODES.has(code)) || timedOut) {
      const { hostname, port } = new URL(url);
      throw new Error(
        `PostgreSQL is not reachable at ${hostname || '127.0.0.1'}:${port || 5432} (${code ?? 'timeout'}). ` +
          'The tests need a running server: start the local one with ' +
          '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` (Debian), ' +
          'or point DATABASE_URL at a reachable server, e.g. postgresql://postgres@127.0.0.1:5432/postgres.',
        { cause: error },
      );
    }
    throw error;
  }
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(url);
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}
