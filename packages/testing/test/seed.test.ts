import { verifyPassword } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  SEED_PASSWORD,
  seedDatasource,
  seedSummary,
  seedTopic,
  seedUser,
  type TestDatabase,
  uniqueEmail,
  uniqueSlug,
} from '../src/index.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('seed factories', () => {
  it('make a verified user with a profile and a password that signs in, or what the test asks for', async () => {
    const user = await seedUser(db.prisma);
    const row = await db.prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { profile: true },
    });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.profile).toMatchObject({ role: 'user', subscriptionType: 'free' });
    expect(user.password).toBe(SEED_PASSWORD);
    expect(await verifyPassword(row.passwordHash!, SEED_PASSWORD)).toBe(true);

    const admin = await seedUser(db.prisma, {
      email: 'admin-seed@example.com',
      password: 'another-one',
      role: 'admin',
      plan: 'pro',
      verified: false,
    });
    const adminRow = await db.prisma.user.findUniqueOrThrow({
      where: { id: admin.id },
      include: { profile: true },
    });
    expect(adminRow).toMatchObject({ email: 'admin-seed@example.com', emailVerifiedAt: null });
    expect(adminRow.profile).toMatchObject({ role: 'admin', subscriptionType: 'pro' });
    expect(await verifyPassword(adminRow.passwordHash!, 'another-one')).toBe(true);

    const google = await seedUser(db.prisma, { password: null, profile: false });
    expect(
      await db.prisma.user.findUniqueOrThrow({ where: { id: google.id }, include: { profile: true } }),
    ).toMatchObject({ passwordHash: null, profile: null });
  });

  it('never repeat an email or a slug, so files sharing a database do not collide', async () => {
    const emails = new Set(Array.from({ length: 200 }, () => uniqueEmail('same')));
    const slugs = new Set(Array.from({ length: 200 }, () => uniqueSlug('same')));
    expect(emails.size).toBe(200);
    expect(slugs.size).toBe(200);
    const topics = await Promise.all([seedTopic(db.prisma), seedTopic(db.prisma, { name: 'AI Tools' })]);
    expect(topics[1]).toMatchObject({ name: 'AI Tools', slug: expect.stringMatching(/^ai-tools-/) });
    const sources = await Promise.all([
      seedDatasource(db.prisma, { topicId: topics[0].id }),
      seedDatasource(db.prisma, { topicId: topics[0].id }),
    ]);
    expect(sources[0].sourceUrl).not.toBe(sources[1].sourceUrl);
  });

  it('make a summary with the schema’s required fields, overridable', async () => {
    const topic = await seedTopic(db.prisma);
    const summary = await seedSummary(db.prisma, { topicId: topic.id, language: 'ZH', headline: '标题' });
    expect(summary).toMatchObject({
      topicId: topic.id,
      language: 'ZH',
      headline: '标题',
      summaryType: 'blog_post',
    });
    expect(summary.content.length).toBeGreaterThan(0);
  });
});
