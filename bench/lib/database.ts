import { createPrismaClient, migrate, type PrismaClient } from '@app/db';
import pg from 'pg';

/**
 * A fresh, migrated database for one scenario; dropped by drop(), unless BENCH_KEEP_DATABASES is
 * set (to read its query plans afterwards with psql).
 */
export async function benchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; prisma: PrismaClient; drop(): Promise<void> }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await migrate(url.toString());
  const prisma = createPrismaClient(url.toString());
  return {
    url: url.toString(),
    prisma,
    drop: async () => {
      await prisma.$disconnect();
      if (process.env.BENCH_KEEP_DATABASES) return;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
