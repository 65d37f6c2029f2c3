import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createPrismaClient } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { verifyPassword } from '../src/password.ts';
import { PLATFORM_DEFAULT_CONFIG } from '../src/platform-defaults.ts';
import { seed } from '../src/seed.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

const ADMIN = { adminEmail: 'Admin@Example.com', adminPassword: 'admin12345' };

async function snapshot(prisma: PrismaClient) {
  const [topics, datasources, users, profiles] = await Promise.all([
    prisma.topic.findMany({ orderBy: { id: 'asc' } }),
    prisma.datasource.findMany({ orderBy: { id: 'asc' } }),
    prisma.user.findMany({ orderBy: { id: 'asc' } }),
    prisma.userProfile.findMany({ orderBy: { id: 'asc' } }),
  ]);
  return { topics, datasources, users, profiles };
}

describe('seed', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrismaClient(db.url);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('seeds the five topics, 30+ datasources on all eight platforms and the admin', async () => {
    const result = await seed(prisma, ADMIN);
    expect(result.topics).toBe(5);
    expect(result.datasources).toBeGreaterThanOrEqual(30);
    const slugs = (await prisma.topic.findMany({ orderBy: { slug: 'asc' } })).map((t) => t.slug);
    expect(slugs).toEqual([
      'ai-agents-apps',
      'engineering',
      'indie-hackers-side-hustle',
      'product-management',
      'startup-vc',
    ]);
    const platforms = await prisma.datasource.groupBy({ by: ['platform'], _count: true });
    expect(platforms.map((p) => p.platform).sort()).toEqual(Object.keys(PLATFORM_DEFAULT_CONFIG).sort());
    const zh = await prisma.datasource.count({ where: { language: 'ZH' } });
    expect(zh).toBeGreaterThan(0);
  });

  it('gives every datasource its platform default config keys', async () => {
    for (const source of await prisma.datasource.findMany()) {
      const keys = Object.keys(source.config as object);
      expect(keys).toEqual(expect.arrayContaining(Object.keys(PLATFORM_DEFAULT_CONFIG[source.platform])));
    }
  });

  it('changes nothing when run again: same counts, ids and updated_at', async () => {
    const before = await snapshot(prisma);
    const again = await seed(prisma, ADMIN);
    const after = await snapshot(prisma);
    expect(again.topics).toBe(before.topics.length);
    expect(again.datasources).toBe(before.datasources.length);
    expect(after).toEqual(before);
  });

  it('creates an admin who can log in: verified, lower-cased email, role admin, pro', async () => {
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: 'admin@example.com' },
      include: { profile: true },
    });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(user.passwordHash!, 'admin12345')).toBe(true);
    expect(user.profile).toMatchObject({ role: 'admin', subscriptionType: 'pro' });
  });

  it('re-hashes only when ADMIN_PASSWORD changed', async () => {
    const id = (await seed(prisma, { ...ADMIN, adminPassword: 'a-new-secret' })).admin!;
    const user = await prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(user.passwordHash!, 'a-new-secret')).toBe(true);
    expect(await verifyPassword(user.passwordHash!, 'admin12345')).toBe(false);
  });

  it('keeps admin edits: a paused source stays paused after re-seeding', async () => {
    const source = await prisma.datasource.findFirstOrThrow({ where: { platform: 'reddit' } });
    await prisma.datasource.update({ where: { id: source.id }, data: { isActive: false } });
    await seed(prisma, ADMIN);
    expect((await prisma.datasource.findUniqueOrThrow({ where: { id: source.id } })).isActive).toBe(false);
  });
});
