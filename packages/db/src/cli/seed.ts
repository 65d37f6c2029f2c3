// pnpm db:seed — topics, datasources and the admin account (ADMIN_EMAIL / ADMIN_PASSWORD).
import { resolveAdminPassword } from '../admin-password.ts';
import { closePrisma, getPrisma } from '../client.ts';
import { seed } from '../seed.ts';

const adminEmail = process.env.ADMIN_EMAIL || 'admin@example.com';
let adminPassword: string;
try {
  // Before any database work: a production seed with the published default password stops here.
  adminPassword = resolveAdminPassword(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(
  `admin: ${adminEmail} (${process.env.ADMIN_EMAIL ? 'from ADMIN_EMAIL' : 'default'}), password ${
    process.env.ADMIN_PASSWORD ? 'from ADMIN_PASSWORD' : `default ${adminPassword}`
  }`,
);

try {
  const result = await seed(getPrisma(), {
    adminEmail,
    adminPassword,
    log: (msg) => console.log(msg),
    demoSummaries: process.env.SEED_DEMO_SUMMARIES !== '0',
  });
  console.log(`seeded: ${result.topics} topics, ${result.datasources} datasources, admin ${result.admin}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closePrisma();
}
