import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@app/db';
import { digestWindow, dueZones } from '@app/digest';
import { createLogger } from '@app/logger';
import type { DigestDeps } from '../../src/digest/send-digests.ts';

/** A zone whose 8 AM has come right now (there always is one among the 13), with its local date. */
export function dueZoneNow(now = new Date()): { timeZone: string; date: string } {
  const zones = dueZones(now);
  // Prefer one well past 8 AM and not about to roll over to tomorrow during the test.
  const zone = zones.find((z) => z.timeZone === 'UTC') ?? zones[0];
  if (!zone) throw new Error('no zone is past 8 AM (impossible with the 13 zones)');
  return zone;
}

export async function insertTopics(prisma: PrismaClient, count: number) {
  const suffix = randomBytes(3).toString('hex');
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      prisma.topic.create({
        data: { slug: `topic-${i}-${suffix}`, name: `Topic ${i}`, nameZh: `主题 ${i}` },
      }),
    ),
  );
}

/** One summary per topic and language inside the digest window of `date` in `timeZone`. */
export async function insertSummaries(
  prisma: PrismaClient,
  topicIds: string[],
  date: string,
  timeZone: string,
) {
  const createdAt = new Date(digestWindow(date, timeZone).to.getTime() - 3600_000);
  await prisma.summary.createMany({
    data: topicIds.flatMap((topicId, i) => [
      {
        topicId,
        language: 'EN' as const,
        summaryType: 'blog_post' as const,
        headline: `News ${i}`,
        content: `Summary of news ${i}.`,
        sourceUrls: [`https://example.com/${i}`],
        createdAt,
      },
      {
        topicId,
        language: 'ZH' as const,
        summaryType: 'blog_post' as const,
        headline: `新闻 ${i}`,
        content: `新闻 ${i} 的摘要。`,
        createdAt,
      },
    ]),
  });
}

/** `count` confirmed subscribers in `timeZone`, languages alternating, topic sets varying. */
export async function insertSubscribers(
  prisma: PrismaClient,
  options: { count: number; timeZone: string; topicIds: string[]; label?: string },
): Promise<string[]> {
  const label = options.label ?? 's';
  const now = new Date();
  const rows = Array.from({ length: options.count }, (_, i) => ({
    email: `${label}-${i}@example.com`,
    language: i % 2 === 0 ? ('EN' as const) : ('ZH' as const),
    timeZone: options.timeZone,
    unsubscribeToken: randomBytes(18).toString('base64url'),
    confirmedAt: now,
  }));
  await prisma.newsletterSubscriber.createMany({ data: rows });
  const subscribers = await prisma.newsletterSubscriber.findMany({
    where: { email: { in: rows.map((r) => r.email) } },
    select: { id: true, email: true },
  });
  const n = options.topicIds.length;
  await prisma.newsletterSubscription.createMany({
    data: subscribers.flatMap((s, i) =>
      options.topicIds
        .filter((_, t) => t === i % n || t === (i * 7 + 3) % n)
        .map((topicId) => ({ subscriberId: s.id, topicId })),
    ),
  });
  return subscribers.map((s) => s.email);
}

/** The digest's dependencies as the tests send it: this database, SMTP transport and clock. */
export function testDigestDeps(
  base: Pick<DigestDeps, 'prisma' | 'transport' | 'clock'>,
  overrides: Partial<DigestDeps> = {},
): DigestDeps {
  return {
    ...base,
    from: 'Daily Curated <digest@app.test>',
    publicUrl: 'http://app.test',
    secret: 'x'.repeat(32),
    log: createLogger('digest', { level: 'silent' }),
    leaseMs: 60_000,
    concurrency: 5,
    perTopic: 5,
    maxAttempts: 3,
    ...overrides,
  };
}
