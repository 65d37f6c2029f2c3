import { createTestDatabase, seedSummary, seedTopic, seedUser, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGenerationRun,
  createGenerationTasks,
  PermanentError,
  TaskGone,
} from '../src/generation/index.ts';

let db: TestDatabase;
let summaryId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const topic = await seedTopic(db.prisma, { name: 'AI Tools', nameZh: 'AI 工具' });
  summaryId = (await seedSummary(db.prisma, { topicId: topic.id })).id;
});
afterAll(() => db?.drop());

const newUser = () => seedUser(db.prisma);

const input = (userId: string) => ({
  userId,
  summaryId,
  style: 'professional',
  targetPlatforms: ['twitter', 'linkedin'],
  userLanguage: 'EN' as const,
  maxPending: 3,
  quota: null,
});

describe('a generation task’s life, from its owner and from the worker', () => {
  it('enters the queue in order, refuses past the waiting cap, and moves up as tasks start', async () => {
    const tasks = createGenerationTasks(db.prisma);
    const run = createGenerationRun(db.prisma);
    const user = await newUser();
    const first = await tasks.create(input(user.id));
    const second = await tasks.create(input(user.id));
    const third = await tasks.create(input(user.id));
    if (typeof first === 'string' || typeof second === 'string' || typeof third === 'string')
      throw new Error('refused');
    expect(third.ahead - second.ahead).toBe(1);
    expect(second.ahead - first.ahead).toBe(1);
    expect(await tasks.create(input(user.id))).toBe('too-many-pending');

    expect(await run.claim(first.id)).toBe(true);
    expect(await tasks.pendingAhead(third.id)).toBe(third.ahead - 1);
    const status = await tasks.status(third.id, user.id);
    expect(status).toMatchObject({ status: 'pending', queue_position: third.ahead });
    // Another user never sees the task.
    expect(await tasks.status(third.id, (await newUser()).id)).toBeNull();
    // A place is free again: the cap counts waiting tasks only.
    expect(typeof (await tasks.create(input(user.id)))).toBe('object');
  });

  it('stops the worker’s writes once the owner cancels, and a cancelled task is not claimed again', async () => {
    const tasks = createGenerationTasks(db.prisma);
    const run = createGenerationRun(db.prisma);
    const user = await newUser();
    const task = await tasks.create(input(user.id));
    if (typeof task === 'string') throw new Error('refused');
    expect(await run.claim(task.id)).toBe(true);
    await run.progress(task.id, ['twitter', 'linkedin'], 50);
    expect(await tasks.status(task.id, user.id)).toMatchObject({ status: 'processing', progress: 50 });

    expect((await tasks.cancel(task.id, user.id)).count).toBe(1);
    await expect(run.ensureRunning(task.id)).rejects.toBeInstanceOf(TaskGone);
    await expect(run.progress(task.id, ['twitter'], 100)).rejects.toBeInstanceOf(TaskGone);
    await expect(run.complete(task.id, ['twitter'])).rejects.toBeInstanceOf(TaskGone);
    expect(await run.failAttempt(task.id, ['twitter'], new Error('late'))).toEqual({ outcome: 'stopped' });
    expect(await run.claim(task.id)).toBe(false);
    expect(await tasks.status(task.id, user.id)).toMatchObject({ status: 'cancelled', queue_position: 0 });
  });

  it('retries within the row’s budget, then fails; a permanent error fails at once; a retry starts a fresh budget', async () => {
    const tasks = createGenerationTasks(db.prisma);
    const run = createGenerationRun(db.prisma);
    const user = await newUser();
    const task = await tasks.create(input(user.id));
    if (typeof task === 'string') throw new Error('refused');
    const { maxRetries } = await db.prisma.contentGenerationQueue.findUniqueOrThrow({
      where: { id: task.id },
    });
    expect(maxRetries).toBeGreaterThan(0);
    await run.claim(task.id);
    for (let attempt = 1; attempt <= maxRetries; attempt++)
      expect(await run.failAttempt(task.id, ['twitter'], new Error('model timed out'))).toEqual({
        outcome: 'retry',
        retry: attempt,
        maxRetries,
      });
    expect(await run.failAttempt(task.id, ['twitter'], new Error('model timed out'))).toEqual({
      outcome: 'failed',
    });
    expect(await tasks.status(task.id, user.id)).toMatchObject({
      status: 'failed',
      error_message: 'model timed out',
      retry_count: maxRetries,
    });

    expect(await tasks.requeue(task.id, user.id, 3, null)).toMatchObject({
      jobId: expect.stringContaining(task.id),
    });
    expect(await tasks.requeue(task.id, user.id, 3, null)).toBe('not-retryable');
    expect(await tasks.status(task.id, user.id)).toMatchObject({ status: 'pending', retry_count: 0 });
    await run.claim(task.id);
    expect(await run.failAttempt(task.id, ['twitter'], new PermanentError('The summary is gone'))).toEqual({
      outcome: 'failed',
    });
  });

  it('completes with its results in the order of its platforms', async () => {
    const tasks = createGenerationTasks(db.prisma);
    const run = createGenerationRun(db.prisma);
    const user = await newUser();
    const task = await tasks.create(input(user.id));
    if (typeof task === 'string') throw new Error('refused');
    await run.claim(task.id);
    const made = [];
    for (const platform of ['linkedin', 'twitter'])
      made.push(
        await db.prisma.userGeneratedContent.create({
          data: {
            userId: user.id,
            summaryId,
            taskId: task.id,
            targetPlatform: platform,
            content: `Copy for ${platform}`,
            characterCount: 14,
          },
        }),
      );
    await run.complete(task.id, ['twitter', 'linkedin']);
    const done = await tasks.waitForEnd(task.id, Date.now() + 1000);
    expect(done).toEqual({ status: 'completed', resultIds: [made[1]!.id, made[0]!.id] });
  });
});
