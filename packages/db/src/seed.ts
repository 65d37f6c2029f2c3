import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { seedBlogPosts } from './seed-blog-posts.ts';
import { seedDemoGenerated } from './seed-demo-generated.ts';
import { seedDemoSummaries } from './seed-demo-summaries.ts';
import { DATASOURCES } from './seed-data/datasources.ts';
import { TOPICS } from './seed-data/topics.ts';

export type SeedOptions = {
  /** No admin is created when empty. */
  adminEmail?: string | null;
  adminPassword?: string | null;
  log?: (msg: string) => void;
  /**
   * Demo summaries over the last 10 days, and a few published social posts made from the newest ones
   * (default true; `SEED_DEMO_SUMMARIES=0` in the CLI turns them off).
   */
  demoSummaries?: boolean;
};

export type SeedResult = {
  /** Seed topics present after the run (created now or earlier). */
  topics: number;
  /** Seed datasources present after the run. */
  datasources: number;
  /** The admin's user id, or null when no admin email was given. */
  admin: string | null;
};

/**
 * Inserts the starter topics, datasources and the admin account. Idempotent and safe to run
 * concurrently: rows are inserted with ON CONFLICT DO NOTHING, and an existing row is only
 * touched to fill a field that is still empty, so admin edits (pausing a source, renaming a
 * topic) survive re-seeding and a second run writes nothing.
 */
export async function seed(prisma: PrismaClient, opts: SeedOptions = {}): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const topics = await seedTopics(prisma, log);
  const datasources = await seedDatasources(prisma, log);
  if (opts.demoSummaries ?? true) {
    await seedDemoSummaries(prisma, log);
    await seedDemoGenerated(prisma, log);
  }
  await seedBlogPosts(prisma, log);
  const admin = opts.adminEmail
    ? await seedAdmin(prisma, opts.adminEmail, opts.adminPassword ?? '', log)
    : null;
  return { topics, datasources, admin };
}

async function seedTopics(prisma: PrismaClient, log: (msg: string) => void): Promise<number> {
  const { count } = await prisma.topic.createMany({ data: TOPICS, skipDuplicates: true });
  if (count > 0) log(`topics: created ${count}`);
  const existing = await prisma.topic.findMany({ where: { slug: { in: TOPICS.map((t) => t.slug) } } });
  for (const row of existing) {
    const seed = TOPICS.find((t) => t.slug === row.slug)!;
    const fill = {
      ...(row.nameZh ? {} : { nameZh: seed.nameZh }),
      ...(row.description ? {} : { description: seed.description }),
      ...(row.descriptionZh ? {} : { descriptionZh: seed.descriptionZh }),
      ...(row.keywords.length > 0 ? {} : { keywords: seed.keywords }),
    };
    if (Object.keys(fill).length === 0) continue;
    await prisma.topic.update({ where: { id: row.id }, data: fill });
    log(`topics: filled ${Object.keys(fill).join(', ')} of ${row.slug}`);
  }
  return existing.length;
}

async function seedDatasources(prisma: PrismaClient, log: (msg: string) => void): Promise<number> {
  const topics = await prisma.topic.findMany({ select: { id: true, slug: true } });
  const topicIds = new Map(topics.map((t) => [t.slug, t.id]));
  const rows = DATASOURCES.map(({ topic, ...source }) => {
    const topicId = topicIds.get(topic);
    if (!topicId) throw new Error(`seed datasource ${source.sourceName}: unknown topic ${topic}`);
    return { ...source, topicId };
  });
  // Keyed by the unique (topic_id, platform, source_url).
  const { count } = await prisma.datasource.createMany({ data: rows, skipDuplicates: true });
  if (count > 0) log(`datasources: created ${count}`);
  return prisma.datasource.count({
    where: { OR: rows.map(({ topicId, platform, sourceUrl }) => ({ topicId, platform, sourceUrl })) },
  });
}

async function seedAdmin(
  prisma: PrismaClient,
  rawEmail: string,
  password: string,
  log: (msg: string) => void,
): Promise<string> {
  const email = rawEmail.trim().toLowerCase();
  if (password.length < 6) throw new Error('the admin password needs at least 6 characters');

  let user = await prisma.user.findUnique({ where: { email } });
  if (!user) {
    const passwordHash = await hashPassword(password);
    // createMany + skipDuplicates: a concurrent seeder that wins the race is not an error.
    await prisma.user.createMany({
      data: [{ email, passwordHash, emailVerifiedAt: new Date() }],
      skipDuplicates: true,
    });
    user = await prisma.user.findUniqueOrThrow({ where: { email } });
    log(`admin: created ${email}`);
  } else {
    const isPasswordCurrent =
      user.passwordHash !== null && (await verifyPassword(user.passwordHash, password));
    const data = {
      ...(isPasswordCurrent ? {} : { passwordHash: await hashPassword(password) }),
      ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
    };
    if (Object.keys(data).length > 0) {
      user = await prisma.user.update({ where: { id: user.id }, data });
      log(`admin: updated ${Object.keys(data).join(', ')} of ${email}`);
    }
  }

  await prisma.userProfile.createMany({
    data: [{ id: user.id, role: 'admin', subscriptionType: 'pro' }],
    skipDuplicates: true,
  });
  const profile = await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } });
  if (profile.role !== 'admin' || profile.subscriptionType !== 'pro') {
    await prisma.userProfile.update({
      where: { id: user.id },
      data: { role: 'admin', subscriptionType: 'pro' },
    });
    log(`admin: promoted ${email} to admin/pro`);
  }
  return user.id;
}
