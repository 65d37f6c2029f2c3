import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { createUsageRecorder } from '@app/usage';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runGenerationTask } from '../src/processors/generate-content.ts';

// Template copy (no model configured) is recorded as offline calls at cost 0, with the user,
// the task and the summary's topic, so quotas and the history can show them.

let db: TestDatabase;
const log = createLogger('test', { level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

it('records one offline template call per platform with the task, user and topic', async () => {
  const prisma = db.prisma;
  const topic = await prisma.topic.create({ data: { slug: 'ai', name: 'AI', description: '' } });
  const user = await prisma.user.create({ data: { email: 'usage@example.com' } });
  const summary = await prisma.summary.create({
    data: {
      headline: 'H',
      content: 'Some content.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId: topic.id,
    },
  });
  const task = await prisma.contentGenerationQueue.create({
    data: { userId: user.id, summaryId: summary.id, targetPlatforms: ['linkedin', 'twitter'] },
  });
  const usage = createUsageRecorder({ prisma, prices: {}, log });
  const llm = createLlm({}).withUsage(usage.record);
  expect(await runGenerationTask({ prisma, llm }, task.id, log)).toEqual({ status: 'completed' });
  const rows = await prisma.aiUsage.findMany();
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row).toMatchObject({
      feature: 'generation',
      provider: 'offline',
      model: 'template',
      success: true,
      costMicros: 0n,
      userId: user.id,
      generationTaskId: task.id,
      topicId: topic.id,
    });
  }
});
