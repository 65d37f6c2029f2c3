import pg from 'pg';

/** Creates the database named in the URL when it does not exist yet (via the `postgres` db). */
export async function ensureDatabase(
  databaseUrl: string,
  log: (msg: string) => void = () => {},
): Promise<boolean> {
  const probe = new pg.Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    // 3D000 invalid_catalog_name: the server is up but the database is missing.
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => {});
  }

  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    log(`created database ${name}`);
    return true;
  } catch (error) {
    // Another process won the race (42P04 duplicate_database, or 23505 on pg_database).
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw error;
  } finally {
    await admin.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
