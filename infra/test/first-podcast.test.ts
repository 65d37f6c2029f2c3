import { loadConfig } from '@app/config';
import { seed } from '@app/db';
import { createLogger } from '@app/logger';
import { podcastConfigSchema, startService } from '@app/podcast';
import { createProducer, createQueueTransport, type Producer, type QueueTransport } from '@app/queue';
import {
  cleanupPrefix,
  createTestDatabase,
  type TestDatabase,
  testTransportOptions,
  waitFor,
} from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFirstPodcasts, queueFirstPodcasts } from '../launcher/first-podcast.ts';

// The launcher's first-start step on a freshly seeded database (topics and their demo summaries),
// with the real podcast worker making what it queued.
let db: TestDatabase;
let transport: QueueTransport;
let producer: Producer;
const options = () => testTransportOptions(db.url, prefix);
let prefix: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prefix = testTransportOptions(db.url).prefix as string;
  transport = createQueueTransport(options());
  producer = createProducer(transport);
  await seed(db.prisma, { adminEmail: 'admin@example.com', adminPassword: 'admin12345', log: () => {} });
});

afterAll(async () => {
  await producer?.close();
  await transport?.close();
  if (prefix) await cleanupPrefix(prefix);
  await db?.drop();
});

describe('the first podcasts of a new install', () => {
  it('plans every seeded topic in both languages, for today or (where the seeded items fall on yesterday there) yesterday', async () => {
    const now = new Date();
    const plans = await planFirstPodcasts(db.prisma, { timeZone: 'UTC', now });
    const topics = await db.prisma.topic.findMany({ where: { isActive: true } });
    expect(topics.length).toBeGreaterThan(0);
    for (const language of ['EN', 'ZH'])
      expect(
        plans
          .filter((p) => p.language === language)
          .flatMap((p) => p.topicIds)
          .sort(),
        language,
      ).toEqual(topics.map((t) => t.id).sort());
    const today = now.toISOString().slice(0, 10);
    for (const plan of plans) expect(plan.targetDate <= today).toBe(true);
  });

  it('queues them once; the podcast service makes one per topic and language', async () => {
    const now = new Date();
    const plans = await queueFirstPodcasts(db.prisma, producer, { timeZone: 'UTC', now });
    // Queued twice before the podcasts exist (a quick restart): the date-named jobs are not repeated.
    await queueFirstPodcasts(db.prisma, producer, { timeZone: 'UTC', now });
    const jobs = await producer.queue('podcast').getJobs(['waiting']);
    expect(jobs.map((j) => j.name)).toEqual(plans.map(() => 'podcast-daily'));

    const service = await startService(
      loadConfig(podcastConfigSchema, {
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        REDIS_URL: options().redisUrl,
        HEALTH_PORT: '0',
        PODCAST_TTS_ENGINE: 'none',
        STORAGE_DIR: '/tmp/first-podcast-unused',
      }),
      { prisma: db.prisma, prefix, logger: createLogger('podcast', { level: 'silent' }) },
    );
    try {
      const topics = await db.prisma.topic.count({ where: { isActive: true } });
      // Speech is off here (this is about planning): each task ends failed, its script written.
      await waitFor(
        async () =>
          (await db.prisma.podcastTask.count({ where: { status: 'failed', transcript: { not: null } } })) ===
          topics * 2,
        { timeoutMs: 60_000 },
      );
    } finally {
      await service.close();
    }
    // A podcast exists now: later starts queue nothing.
    expect(await queueFirstPodcasts(db.prisma, producer, { timeZone: 'UTC', now: new Date() })).toEqual([]);
  });
});
