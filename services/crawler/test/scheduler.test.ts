import { loadConfig } from '@app/config';
import { JOB_DEFINITIONS, QUEUE_NAMES } from '@app/contracts';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport, type Producer, type QueueTransport } from '@app/queue';
import { cleanupPrefix, createTestDatabase, type TestDatabase, testTransportOptions } from '@app/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crawlerConfigSchema } from '../src/config.ts';
import { enqueueDueCrawls, runDailyPipeline } from '../src/scheduler.ts';
import { CRAWL_DUE_SCHEDULER_ID, DAILY_PIPELINE_SCHEDULER_ID, startService } from '../src/service.ts';

let db: TestDatabase;
let transport: QueueTransport;
let producer: Producer;
let topicId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  transport = createQueueTransport(testTransportOptions(db.url));
  producer = createProducer(transport);
  topicId = (await db.prisma.topic.create({ data: { slug: 't', name: 'T' } })).id;
});
afterAll(async () => {
  await producer?.close();
  await transport?.close();
  await cleanupPrefix(testTransportOptions(db.url).prefix);
  await db?.drop();
});

const waitingCrawls = async () =>
  (await producer.queue(QUEUE_NAMES.crawl).getJobs(['waiting', 'prioritized', 'delayed'])).filter(
    (j) => j.name === 'crawl-datasource',
  );

it('registers the due-crawl tick and the daily pipeline as BullMQ job schedulers with cron and time zone', async () => {
  const options = testTransportOptions(db.url);
  const config = loadConfig(crawlerConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: options.redisUrl,
    HEALTH_PORT: '0',
    CRAWLER_SCHEDULER: 'true',
    DAILY_PIPELINE_CRON: '0 7 * * *',
    DAILY_PIPELINE_TZ: 'Asia/Shanghai',
  });
  // Started twice, as two replicas would: still one scheduler per id.
  for (let i = 0; i < 2; i++) {
    const service = await startService(config, {
      prisma: db.prisma,
      prefix: options.prefix,
      logger: createLogger('t', { level: 'silent' }),
    });
    await service.close();
  }
  const schedulers = await producer.queue(QUEUE_NAMES.crawl).getJobSchedulers();
  expect(schedulers.map((s) => s.key).sort()).toEqual(
    [CRAWL_DUE_SCHEDULER_ID, DAILY_PIPELINE_SCHEDULER_ID].sort(),
  );
  const daily = schedulers.find((s) => s.key === DAILY_PIPELINE_SCHEDULER_ID)!;
  expect(daily).toMatchObject({ pattern: '0 7 * * *', tz: 'Asia/Shanghai', name: 'daily-pipeline' });
  // Its runs take the job catalogue's options: one attempt, the next run does the work.
  expect(daily.template?.opts).toMatchObject(JOB_DEFINITIONS['daily-pipeline'].scheduled);
  expect(daily.template?.opts?.attempts).toBe(1);
  expect(schedulers.find((s) => s.key === CRAWL_DUE_SCHEDULER_ID)).toMatchObject({
    pattern: '*/5 * * * *',
    tz: 'UTC',
  });
  await producer.queue(QUEUE_NAMES.crawl).obliterate({ force: true });
});

it('queues crawls only for active sources whose next check is due, once per due time', async () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const make = (name: string, data: object) =>
    db.prisma.datasource.create({
      data: { topicId, platform: 'blog', sourceName: name, sourceUrl: `https://x.example/${name}`, ...data },
    });
  const never = await make('never', {});
  const due = await make('due', { nextCheckAt: new Date('2026-11-21T11:00:00Z') });
  await make('later', { nextCheckAt: new Date('2026-11-21T13:00:00Z') });
  await make('paused', { isActive: false });
  expect(await enqueueDueCrawls(db.prisma, producer.enqueue, { now, limit: 100 })).toBe(2);
  expect(await enqueueDueCrawls(db.prisma, producer.enqueue, { now, limit: 100 })).toBe(2);
  const jobs = await waitingCrawls();
  expect(jobs.map((j) => j.data.datasourceId).sort()).toEqual([never.id, due.id].sort());
  await producer.queue(QUEUE_NAMES.crawl).obliterate({ force: true });
});

it('the daily pipeline creates one task per active source and date, and queues each once', async () => {
  const first = await runDailyPipeline(db.prisma, producer.enqueue, { targetDate: '2026-11-21' });
  expect(first).toEqual({ tasksCreated: 3, queued: 3 });
  const second = await runDailyPipeline(db.prisma, producer.enqueue, { targetDate: '2026-11-21' });
  expect(second).toEqual({ tasksCreated: 0, queued: 3 });
  const jobs = await waitingCrawls();
  expect(jobs).toHaveLength(3);
  expect(jobs.every((j) => typeof j.data.taskId === 'string')).toBe(true);
});

it('re-queues summaries for posts left pending by an interrupted run', async () => {
  const blog = await db.prisma.datasource.create({
    data: {
      topicId,
      platform: 'blog',
      sourceName: 'stuck-blog',
      sourceUrl: 'https://x.example/stuck',
      language: 'ZH',
    },
  });
  const reddit = await db.prisma.datasource.create({
    data: { topicId, platform: 'reddit', sourceName: 'stuck-reddit', sourceUrl: 'https://x.example/r' },
  });
  const old = new Date(Date.now() - 3600_000);
  const stuck = await db.prisma.post.create({
    data: { datasourceId: blog.id, url: 'https://x.example/1', urlHash: 's1' },
  });
  await db.prisma.post.create({
    data: { datasourceId: reddit.id, url: 'https://x.example/2', urlHash: 's2' },
  });
  await db.prisma.post.create({
    data: { datasourceId: blog.id, url: 'https://x.example/3', urlHash: 's3', status: 'summarized' },
  });
  await db.prisma.$executeRaw`UPDATE posts SET updated_at = ${old}`;
  await db.prisma.post.create({ data: { datasourceId: blog.id, url: 'https://x.example/4', urlHash: 's4' } }); // just stored
  const { requeueStuckPosts } = await import('../src/scheduler.ts');
  const count = await requeueStuckPosts(db.prisma, producer.enqueue, {
    now: new Date(),
    limit: 100,
    aggregated: new Set(['reddit']),
  });
  expect(count).toBe(2);
  const jobs = await producer.queue(QUEUE_NAMES.summarize).getJobs(['waiting', 'prioritized', 'delayed']);
  expect(jobs.map((j) => j.name).sort()).toEqual(['summarize-datasource-day', 'summarize-post']);
  expect(jobs.find((j) => j.name === 'summarize-post')!.data).toMatchObject({
    postId: stuck.id,
    language: 'ZH',
  });
});

it("leaves a pending post to the crawl's summarize-posts job that still holds it, and sweeps nothing during a backlog", async () => {
  const blog = await db.prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName: 'queued-blog', sourceUrl: 'https://x.example/queued' },
  });
  const held = await db.prisma.post.create({
    data: { datasourceId: blog.id, url: 'https://x.example/q1', urlHash: 'q1' },
  });
  const lost = await db.prisma.post.create({
    data: { datasourceId: blog.id, url: 'https://x.example/q2', urlHash: 'q2' },
  });
  await db.prisma
    .$executeRaw`UPDATE posts SET updated_at = ${new Date(Date.now() - 3600_000)} WHERE datasource_id = ${blog.id}::uuid`;
  // Only this test's posts are pending.
  await db.prisma.post.updateMany({
    where: { datasourceId: { not: blog.id } },
    data: { status: 'summarized' },
  });
  const queue = producer.queue(QUEUE_NAMES.summarize);
  await queue.obliterate({ force: true });
  // The crawl's job is still waiting behind others (a backlog of summaries): it holds `held`.
  await producer.enqueue('summarize-posts', { postIds: [held.id], language: 'EN' }, { jobId: 'posts-held' });
  const { requeueStuckPosts, queuedSummaryPosts } = await import('../src/scheduler.ts');
  const options = { now: new Date(), limit: 100, aggregated: new Set<string>() };

  // More unfinished jobs than the sweep reads: nothing is swept this tick.
  expect(
    await requeueStuckPosts(db.prisma, producer.enqueue, {
      ...options,
      queued: queuedSummaryPosts(queue, 0),
    }),
  ).toBe(0);
  expect((await queue.getJobs(['waiting'])).map((j) => j.name)).toEqual(['summarize-posts']);

  expect(
    await requeueStuckPosts(db.prisma, producer.enqueue, { ...options, queued: queuedSummaryPosts(queue) }),
  ).toBe(1);
  const jobs = await queue.getJobs(['waiting', 'prioritized', 'delayed']);
  const single = jobs.filter((j) => j.name === 'summarize-post');
  expect(single.map((j) => j.data.postId)).toEqual([lost.id]);
});
