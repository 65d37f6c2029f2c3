// No Prisma import here: the migrate and diff CLIs must work before the client is generated.
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/daily_curated';

/** The given URL, else DATABASE_URL (an empty value counts as unset), else the local default. */
export function resolveDatabaseUrl(databaseUrl?: string): string {
  return databaseUrl || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}
