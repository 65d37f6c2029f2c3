import { createTestDatabase, seedDatasource, seedTopic, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlTasks } from '../src/crawl/index.ts';

let db: TestDatabase;
const sources: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const topic = await seedTopic(db.prisma);
  for (const isActive of [true, true, false]) {
    sources.push((await seedDatasource(db.prisma, { topicId: topic.id, isActive })).id);
  }
});
afterAll(() => db?.drop());

describe('a crawl task’s life', () => {
  it('is made once per active datasource and date; forcing re-opens it under a new job id', async () => {
    const tasks = createCrawlTasks(db.prisma);
    const first = await tasks.createForDate({ targetDate: '2026-06-10', forceCreate: false });
    expect(first.matched).toBe(2);
    expect(first.tasks.map((task) => task.datasourceId).sort()).toEqual(sources.slice(0, 2).sort());
    expect(await tasks.createForDate({ targetDate: '2026-06-10', forceCreate: false })).toEqual({
      matched: 2,
      tasks: [],
    });
    const pending = await tasks.pending({ targetDate: '2026-06-10' });
    expect(pending.map((task) => task.jobKey).sort()).toEqual(first.tasks.map((task) => task.jobKey).sort());

    const taskId = await tasks.start(first.tasks[0]!.datasourceId, first.tasks[0]!.id, new Date());
    expect(taskId).toBe(first.tasks[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const forced = await tasks.createForDate({
      targetDate: '2026-06-10',
      datasourceIds: [first.tasks[0]!.datasourceId],
      forceCreate: true,
    });
    expect(forced.tasks).toHaveLength(1);
    expect(forced.tasks[0]!.id).toBe(first.tasks[0]!.id);
    expect(forced.tasks[0]!.jobKey).not.toBe(first.tasks[0]!.jobKey);
  });

  it('a crawl whose task was cleaned up records itself on the day’s row, and a failure says why', async () => {
    const tasks = createCrawlTasks(db.prisma);
    const now = new Date(Date.UTC(2026, 5, 11, 8));
    const taskId = await tasks.start(sources[1]!, '00000000-0000-4000-8000-000000000000', now);
    const row = await db.prisma.processingTask.findUniqueOrThrow({ where: { id: taskId } });
    expect(row).toMatchObject({ datasourceId: sources[1], status: 'processing', attempts: 1 });
    expect(row.targetDate.toISOString().slice(0, 10)).toBe('2026-06-11');
    expect(await tasks.start(sources[1]!, undefined, now)).toBe(taskId);

    await tasks.fail(taskId, { errorMessage: 'http_status: 503', postsFound: 0 });
    expect(await db.prisma.processingTask.findUniqueOrThrow({ where: { id: taskId } })).toMatchObject({
      status: 'failed',
      attempts: 2,
      errorMessage: 'http_status: 503',
      completedAt: expect.any(Date),
    });
  });
});
