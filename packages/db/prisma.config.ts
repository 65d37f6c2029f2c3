import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

const here = path.dirname(fileURLToPath(import.meta.url));

// Every Prisma CLI start tries to download the native schema engine, which fails offline.
// Pointing it at a stub keeps `prisma generate`, `validate` and `format` working; migrations
// are created and applied by our own tools (src/cli/diff.ts, src/migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(here, 'scripts/schema-engine-stub.sh');

export default defineConfig({
  schema: path.join(here, 'prisma/schema.prisma'),
  migrations: { path: path.join(here, 'prisma/migrations') },
  // Not env(): it throws when DATABASE_URL is unset, and generate needs no database.
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
