// pnpm db:migrate — applies pending migrations to DATABASE_URL (creating the database if needed).
import { resolveDatabaseUrl } from '../database-url.ts';
import { migrate } from '../migrate.ts';

const url = resolveDatabaseUrl();
try {
  const { applied } = await migrate(url, { log: (msg) => console.log(msg) });
  console.log(`${applied.length} migration(s) applied to ${redact(url)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
