// @app/db: the one Prisma client, the generated model types and enums, migrations and seed.
export * from '../generated/prisma/client.ts';
export {
  closePrisma,
  createPrismaClient,
  DEFAULT_DATABASE_URL,
  getPrisma,
  pgPoolOf,
  resolveDatabaseUrl,
} from './client.ts';
export { createSqlRunner, type SqlRunner, type SqlStatement } from './sql-runner.ts';
export { ensureDatabase } from './ensure-database.ts';
export { type MigrateOptions, migrate } from './migrate.ts';
export { DEFAULT_ADMIN_PASSWORD, resolveAdminPassword } from './admin-password.ts';
export { hashPassword, verifyPassword } from './password.ts';
export * from './platform-defaults.ts';
export { type SeedOptions, type SeedResult, seed } from './seed.ts';
export { escapeLike, SUMMARY_SEARCH_SQL, summaryTextMatch } from './summary-search.ts';
export {
  BLOG_SEARCH_TEXT_SQL,
  blogBigramMatch,
  blogSearchMatch,
  blogSearchPattern,
  isBigramTerm,
} from './blog-search.ts';
export { DEMO_AUTHOR, seedDemoGenerated } from './seed-demo-generated.ts';
export { seedDemoSummaries } from './seed-demo-summaries.ts';
export { SEED_BLOG_POSTS, seedBlogPosts } from './seed-blog-posts.ts';
export { type MailSuppression, type SuppressionOutcome, suppressSubscriber } from './mail-suppression.ts';
