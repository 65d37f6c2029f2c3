import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createTestDatabase, type FakeOpenAI, startFakeOpenAI, type TestDatabase } from '@app/testing';
import { createUsageRecorder } from '@app/usage';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { summarizePost } from '../src/summarize-post.ts';

// Summaries made without a model are recorded too (provider 'offline', cost 0), including the
// extractive fallback after a model failure on a job's last attempt.

let db: TestDatabase;
let openai: FakeOpenAI;
let topicId: string;
const log = createLogger('test', { level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI();
  topicId = (await db.prisma.topic.create({ data: { slug: 'ai', name: 'AI', description: '' } })).id;
});
afterAll(async () => {
  await openai?.close();
  await db?.drop();
});

async function newPost(n: number) {
  const datasource = await db.prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName: `src ${n}`, sourceUrl: `https://example.com/f${n}` },
  });
  return db.prisma.post.create({
    data: {
      datasourceId: datasource.id,
      url: `https://example.com/p/${n}`,
      urlHash: `usage-${n}`,
      title: 'Postgres 18 ships async I/O',
      content: 'Postgres 18 adds asynchronous I/O. Reads get faster on cloud disks. Upgrades are simple.',
    },
  });
}

it('records an offline summary, and a failed model call followed by the offline fallback', async () => {
  const usage = createUsageRecorder({ prisma: db.prisma, prices: {}, log });
  const offline = createLlm({}).withUsage(usage.record);
  const first = await newPost(1);
  await summarizePost(
    { prisma: db.prisma, llm: offline, log, maxInputChars: 10_000 },
    { postId: first.id, lastAttempt: false },
  );
  expect(await db.prisma.aiUsage.findMany()).toMatchObject([
    { feature: 'summary', provider: 'offline', model: 'extractive', success: true, costMicros: 0n, topicId },
  ]);

  const llm = createLlm({ baseURL: openai.baseURL, apiKey: 'k', model: 'fake', maxRetries: 0 }).withUsage(
    usage.record,
  );
  openai.failNext(1, 500, 'down');
  const second = await newPost(2);
  const outcome = await summarizePost(
    { prisma: db.prisma, llm, log, maxInputChars: 10_000 },
    { postId: second.id, lastAttempt: true },
  );
  expect(outcome.status).toBe('created');
  const rows = await db.prisma.aiUsage.findMany({ orderBy: { createdAt: 'asc' }, skip: 1 });
  expect(rows.map((r) => [r.provider, r.model, r.success, r.costMicros])).toEqual([
    ['127.0.0.1', 'fake', false, null],
    ['offline', 'extractive', true, 0n],
  ]);
  // "How many summaries were made without a model": the offline rows.
  expect(await db.prisma.aiUsage.count({ where: { feature: 'summary', provider: 'offline' } })).toBe(2);
});
