import { loadConfig } from '@app/config';
import { QUEUE_NAMES } from '@app/contracts';
import { hashPassword } from '@app/db';
import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createProducer, createQueueTransport } from '@app/queue';
import {
  cleanupPrefix,
  createTestDatabase,
  type FakeOpenAI,
  freePort,
  spawnService,
  startFakeOpenAI,
  type TestDatabase,
  testPrefix,
  testRedisUrl,
  waitFor,
  waitForHealthy,
} from '@app/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentGenerationConfigSchema } from '../src/config.ts';
import { type ContentGenerationService, startService } from '../src/service.ts';
import { insertSummary, socialReply } from './support/fixtures.ts';

let db: TestDatabase;
let openai: FakeOpenAI;
let userId: string;
let summaryId: string;
const services: ContentGenerationService[] = [];

const LOCK_MS = '1500';

async function startInProcess(sweepMs = '3600000') {
  const config = loadConfig(contentGenerationConfigSchema, {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    HEALTH_PORT: '0',
    WORKER_CONCURRENCY: '2',
    GENERATION_LOCK_MS: LOCK_MS,
    GENERATION_SWEEP_MS: sweepMs,
  });
  const service = await startService(config, {
    prisma: db.prisma,
    prefix: testPrefix(),
    logger: createLogger('content-generation', { level: 'silent' }),
    llm: createLlm({ apiKey: 'test-key', baseURL: openai.baseURL, maxRetries: 0 }),
  });
  services.push(service);
  return service;
}

async function insertTask(platforms: string[]) {
  const id = crypto.randomUUID();
  await db.prisma.contentGenerationQueue.create({
    data: { id, taskId: id, userId, summaryId, targetPlatforms: platforms, style: 'engaging' },
  });
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI({
    chat: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      return socialReply(request);
    },
  });
  const user = await db.prisma.user.create({
    data: {
      email: `gen-${Date.now()}@example.com`,
      passwordHash: await hashPassword('correct-horse'),
      emailVerifiedAt: new Date(),
      profile: { create: { role: 'user', subscriptionType: 'pro' } },
    },
  });
  userId = user.id;
  summaryId = (await insertSummary(db.prisma)).id;
});

afterAll(async () => {
  for (const service of services) await service.close();
  await openai?.close();
  await cleanupPrefix(testPrefix());
  await db?.drop();
});

it('finishes a task on another worker after the first is killed mid-task, without duplicate results', async () => {
  const platforms = ['linkedin', 'twitter', 'reddit', 'wechat'];
  const taskId = await insertTask(platforms);
  const port = await freePort();
  const child = spawnService({
    entry: 'src/main.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testPrefix(),
      HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '1',
      GENERATION_LOCK_MS: LOCK_MS,
      GENERATION_SWEEP_MS: '3600000',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: openai.baseURL,
    },
  });
  try {
    await waitForHealthy(child, `http://127.0.0.1:${port}/readyz`);
    const transport = createQueueTransport({
      redisUrl: testRedisUrl(),
      databaseUrl: db.url,
      prefix: testPrefix(),
    });
    const producer = createProducer(transport);
    await producer.enqueue('generate-content', { taskId }, { jobId: taskId });
    await producer.close();
    await transport.close();
    // Kill -9 once the first platform is written and the second is under way.
    await waitFor(
      async () => {
        const row = await db.prisma.contentGenerationQueue.findUniqueOrThrow({ where: { id: taskId } });
        return row.status === 'processing' && row.progress > 0;
      },
      // A loaded CI machine may take a while to start the process and write the first platform.
      { timeoutMs: 45_000, intervalMs: 50 },
    );
    child.child.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');
  } finally {
    await child.stop('SIGKILL');
  }
  const before = await db.prisma.userGeneratedContent.count({ where: { taskId } });
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(platforms.length);

  await startInProcess();
  const done = await waitFor(
    async () => {
      const row = await db.prisma.contentGenerationQueue.findUniqueOrThrow({ where: { id: taskId } });
      return row.status === 'completed' ? row : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  const results = await db.prisma.userGeneratedContent.findMany({ where: { taskId } });
  expect(results.map((r) => r.targetPlatform).sort()).toEqual([...platforms].sort());
  expect(done.resultIds).toHaveLength(platforms.length);
  expect(new Set(done.resultIds)).toEqual(new Set(results.map((r) => r.id)));
  expect(done.progress).toBe(100);
}, 120_000);

it('adds the job for a pending row whose enqueue never happened (the outbox sweep)', async () => {
  const service = services[0] ?? (await startInProcess());
  const taskId = await insertTask(['twitter']);
  // As if Redis had been down when the gateway wrote the row: no job, dispatched_at null.
  await db.prisma
    .$executeRaw`UPDATE content_generation_queue SET updated_at = now() - interval '1 minute' WHERE id = ${taskId}::uuid`;
  const queue = service.transport.createQueue(QUEUE_NAMES.generation);
  expect(await queue.getJob(taskId)).toBeUndefined();
  expect(await service.sweep()).toBe(1);
  const done = await waitFor(
    async () => {
      const row = await db.prisma.contentGenerationQueue.findUniqueOrThrow({ where: { id: taskId } });
      return row.status === 'completed' ? row : undefined;
    },
    { timeoutMs: 20_000 },
  );
  expect(done.dispatchedAt).not.toBeNull();
  // Sweeping again adds nothing: the row is dispatched and done.
  expect(await service.sweep()).toBe(0);
  await queue.close();
});

it('writes labelled template copy when no LLM key is configured', async () => {
  const { templateCopy } = await import('../src/generator.ts');
  const copy = templateCopy({
    platform: 'twitter',
    style: 'engaging',
    language: 'en',
    source: {
      headline: 'Small models are getting good at code',
      content: 'word '.repeat(500),
      sourceUrls: ['https://blog.example.com/small-models'],
      sourceName: 'Example Blog',
      topicName: 'AI Tools',
    },
  });
  expect(copy.generator).toBe('template');
  expect([...copy.content].length).toBeLessThanOrEqual(280);
  expect(copy.content).toContain('https://blog.example.com/small-models');
  // The user's instructions are for a model: never pasted into copy its author may publish.
  const instructed = templateCopy({
    platform: 'linkedin',
    style: 'engaging',
    language: 'en',
    userInput: 'private note: mention our unannounced launch',
    source: {
      headline: 'Small models are getting good at code',
      content: 'A summary.',
      sourceUrls: [],
      sourceName: null,
      topicName: null,
    },
  });
  expect(instructed.content).not.toContain('unannounced launch');
  const zh = templateCopy({
    platform: 'xiaohongshu',
    style: 'casual',
    language: 'zh',
    source: {
      headline: '小模型',
      content: '内容'.repeat(800),
      sourceUrls: [],
      sourceName: null,
      topicName: 'AI',
    },
  });
  expect([...zh.content].length).toBeLessThanOrEqual(1000);
  expect(zh.content).toContain('刚读到这篇');
});

it('names a keyword source in English in English copy and prompts, by its stored name in Chinese', async () => {
  const { buildMessages, templateCopy } = await import('../src/generator.ts');
  const request = (language: 'en' | 'zh') => ({
    platform: 'linkedin' as const,
    style: 'professional' as const,
    language,
    source: {
      headline: 'Caches fail in interesting ways',
      content: 'Plan for cache failures.',
      sourceUrls: [],
      sourceName: 'system design 相关推文',
      topicName: 'Engineering',
    },
  });
  const english = templateCopy(request('en'));
  expect(JSON.stringify(english)).not.toContain('相关推文');
  const prompt = buildMessages(request('en'))[1]!.content;
  expect(prompt).toContain('Source: Tweets about system design');
  expect(prompt).not.toContain('相关推文');
  expect(buildMessages(request('zh'))[1]!.content).toContain('Source: system design 相关推文');
});
