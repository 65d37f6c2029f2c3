import { createHash } from 'node:crypto';
import { addDays, DEFAULT_TIME_ZONE, localDate, zonedHourToInstant } from '@app/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createPrismaClient } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { verifyPassword } from '../src/password.ts';
import { PLATFORM_DEFAULT_CONFIG } from '../src/platform-defaults.ts';
import { seed } from '../src/seed.ts';
import demoContent from '../src/seed-data/demo-content.json' with { type: 'json' };
import { DEMO_AUTHOR, seedDemoGenerated } from '../src/seed-demo-generated.ts';
import { type DemoItem, seedDemoSummaries } from '../src/seed-demo-summaries.ts';
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

describe('demo content', () => {
  const items = demoContent.items as DemoItem[];
  // Half a minute after midnight in the default zone, a few days after the clocks went forward.
  const now = new Date(zonedHourToInstant('2026-03-12', 0, DEFAULT_TIME_ZONE).getTime() + 30_000);
  const today = localDate(now, DEFAULT_TIME_ZONE);
  let db: TestDatabase;
  let prisma: PrismaClient;
  let created: number;

  const demoSummaries = () =>
    prisma.summary.findMany({
      where: { dedupeKey: { startsWith: 'demo:' } },
      include: { post: true, topic: true },
      orderBy: { createdAt: 'desc' },
    });
  const hanShare = (text: string) =>
    (text.match(/\p{Script=Han}/gu)?.length ?? 0) / Math.max(1, text.match(/[\p{L}\p{N}]/gu)?.length ?? 0);

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrismaClient(db.url);
    await seed(prisma, { demoSummaries: false });
    created = await seedDemoSummaries(prisma, () => {}, now);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('stores every item as a summarized post of its datasource with its summary, none in a story yet', async () => {
    const summaries = await demoSummaries();
    expect(created).toBe(items.length);
    expect(summaries).toHaveLength(items.length);
    for (const summary of summaries) {
      const post = summary.post!;
      expect(post).toMatchObject({ status: 'summarized', datasourceId: summary.datasourceId });
      expect(post.urlHash).toBe(createHash('sha256').update(post.url).digest('hex'));
      expect(summary.sourceUrls).toEqual([post.url]);
      expect(summary.storyId).toBeNull();
      expect(summary.metadata).toMatchObject({ post_url: post.url, post_title: post.title, demo: true });
    }
    const datasources = await prisma.datasource.findMany({ select: { id: true, language: true } });
    const languageOf = new Map(datasources.map((d) => [d.id, d.language]));
    expect(summaries.every((s) => languageOf.get(s.datasourceId!) === s.language)).toBe(true);
    expect(new Set(summaries.map((s) => s.datasourceId)).size).toBeGreaterThan(datasources.length / 2);
  });

  it('reads like distinct posts: almost every headline and summary differs', async () => {
    const summaries = await demoSummaries();
    expect(new Set(summaries.map((s) => s.headline)).size).toBeGreaterThanOrEqual(summaries.length * 0.9);
    expect(new Set(summaries.map((s) => s.content)).size).toBeGreaterThanOrEqual(summaries.length * 0.9);
  });

  it('has both languages on each of the last 10 days, and today items in every topic', async () => {
    const summaries = await demoSummaries();
    const dayOf = (date: Date) => localDate(date, DEFAULT_TIME_ZONE);
    for (let day = 0; day < 10; day++) {
      const onDay = summaries.filter((s) => dayOf(s.createdAt) === addDays(today, -day));
      expect(onDay.filter((s) => s.language === 'EN').length, `EN on ${day}`).toBeGreaterThanOrEqual(12);
      expect(onDay.filter((s) => s.language === 'ZH').length, `ZH on ${day}`).toBeGreaterThanOrEqual(8);
    }
    expect(summaries.every((s) => s.createdAt <= now && dayOf(s.createdAt) >= addDays(today, -9))).toBe(true);
    const topics = await prisma.topic.findMany();
    for (const topic of topics) {
      const todays = summaries.filter((s) => s.topicId === topic.id && dayOf(s.createdAt) === today);
      expect(todays.length, topic.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it('has events that several sources report, each report by another source', async () => {
    const summaries = await demoSummaries();
    const sourceOf = new Map(summaries.map((s) => [s.dedupeKey, s.datasourceId]));
    const sourcesPerEvent = new Map<string, string[]>();
    for (const item of items) {
      const source = sourceOf.get(`demo:${item.key}`);
      if (source) sourcesPerEvent.set(item.event, [...(sourcesPerEvent.get(item.event) ?? []), source]);
    }
    const covered = [...sourcesPerEvent.values()].filter((sources) => sources.length >= 2);
    expect(covered.length).toBeGreaterThanOrEqual(3);
    for (const sources of covered) expect(new Set(sources).size).toBe(sources.length);
  });

  it('writes each summary in its language: Chinese ones in Han characters, English ones not', async () => {
    const summaries = await demoSummaries();
    const zh = summaries.filter((s) => s.language === 'ZH');
    const en = summaries.filter((s) => s.language === 'EN');
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.filter((s) => hanShare(s.headline + s.content) === 0).map((s) => s.headline)).toEqual([]);
    expect(en.filter((s) => hanShare(s.content) > 0.5).map((s) => s.headline)).toEqual([]);
  });

  it('adds nothing when run again, on the same day or a later one', async () => {
    const before = await prisma.summary.count();
    const posts = await prisma.post.count();
    expect(await seedDemoSummaries(prisma, () => {}, now)).toBe(0);
    expect(await seedDemoSummaries(prisma, () => {}, new Date(now.getTime() + 3 * 86_400_000))).toBe(0);
    expect(await prisma.summary.count()).toBe(before);
    expect(await prisma.post.count()).toBe(posts);
  });
});

describe('demo generated content', () => {
  const now = new Date();
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrismaClient(db.url);
    await seed(prisma, { demoSummaries: false });
    await seedDemoSummaries(prisma, () => {}, now);
    await seedDemoGenerated(prisma, () => {}, now);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it("publishes posts made from each topic's newest (today's) summaries, by a named demo author", async () => {
    const posts = await prisma.userGeneratedContent.findMany({
      include: { summary: true, user: { include: { profile: true } } },
    });
    const topics = await prisma.topic.findMany();
    for (const topic of topics) {
      const ofTopic = posts.filter((post) => post.summary?.topicId === topic.id);
      expect(ofTopic.length, topic.slug).toBe(2);
    }
    const today = localDate(now, DEFAULT_TIME_ZONE);
    for (const post of posts) {
      expect(post.publishedAt).toBeInstanceOf(Date);
      expect(localDate(post.summary!.createdAt, DEFAULT_TIME_ZONE)).toBe(today);
      expect(post.content).toContain(post.summary!.headline);
      expect(post.user.profile?.displayName).toBe(DEMO_AUTHOR.displayName);
    }
  });

  it('gives the author no way to sign in, and adds nothing when run again', async () => {
    const author = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_AUTHOR.email } });
    expect(author).toMatchObject({ passwordHash: null, googleSub: null });
    expect(author.emailVerifiedAt).toBeInstanceOf(Date);
    const before = await prisma.userGeneratedContent.count();
    expect(await seedDemoGenerated(prisma, () => {}, new Date(now.getTime() + 3 * 86_400_000))).toBe(0);
    expect(await prisma.userGeneratedContent.count()).toBe(before);
    expect(await prisma.user.count({ where: { email: DEMO_AUTHOR.email } })).toBe(1);
  });
});
