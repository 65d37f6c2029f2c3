import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// POST /api/generate/post (post mode) takes the same optional instructions as the queued task:
// trimmed, at most 500 characters, stored on the task the worker reads.

let gateway: Gateway;
let token: string;
let userId: string;
let summaryId: string;

beforeAll(async () => {
  gateway = await startGateway();
  const summary = await gateway.db.prisma.summary.create({
    data: { headline: 'A summary', content: 'Some content.', summaryType: 'blog_post', language: 'EN' },
  });
  summaryId = summary.id;
  const user = await signedInUser(gateway, { plan: 'pro' }, 'generate-post');
  userId = user.id;
  token = user.accessToken;
});

afterAll(async () => {
  await gateway?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const generatePost = (payload: Record<string, unknown>) =>
  gateway.app.inject({ method: 'POST', url: '/api/generate/post', headers: bearer(token), payload });

/** The request waits for its task: the test plays the worker and finishes the task once it is written. */
async function finishNextTask(before: number) {
  for (let i = 0; i < 200; i++) {
    const tasks = await gateway.db.prisma.contentGenerationQueue.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
    });
    const task = tasks[before];
    if (task) {
      await gateway.db.prisma.contentGenerationQueue.update({
        where: { id: task.id },
        data: { status: 'completed', progress: 100 },
      });
      return task;
    }
    await sleep(50);
  }
  throw new Error('no task written');
}

const taskCount = () => gateway.db.prisma.contentGenerationQueue.count({ where: { userId } });

describe('POST /api/generate/post user_input', () => {
  it('stores the trimmed instructions on the task and answers when it ends', async () => {
    const before = await taskCount();
    const [response, task] = await Promise.all([
      generatePost({
        post_id: summaryId,
        target_platforms: ['twitter'],
        tone: 'casual',
        user_input: '  Mention the benchmark numbers.  ',
      }),
      finishNextTask(before),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      task_id: task.id,
      data: { generation_stats: { status: 'completed' } },
    });
    expect(task.userInput).toBe('Mention the benchmark numbers.');
    expect(task.style).toBe('casual');
  });

  it('counts characters, not bytes: 500 Chinese characters are accepted', async () => {
    const before = await taskCount();
    const [response, task] = await Promise.all([
      generatePost({ post_id: summaryId, target_platforms: ['twitter'], user_input: '模'.repeat(500) }),
      finishNextTask(before),
    ]);
    expect(response.statusCode).toBe(200);
    expect([...(task.userInput ?? '')]).toHaveLength(500);
  });

  it('leaves the instructions out when they are only spaces', async () => {
    const before = await taskCount();
    const [response, task] = await Promise.all([
      generatePost({ post_id: summaryId, target_platforms: ['twitter'], user_input: '   ' }),
      finishNextTask(before),
    ]);
    expect(response.statusCode).toBe(200);
    expect(task.userInput).toBeNull();
  });

  it('refuses more than 500 characters, or a non-string, with a 400 and writes no task', async () => {
    const before = await taskCount();
    const tooLong = await generatePost({
      post_id: summaryId,
      target_platforms: ['twitter'],
      user_input: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('user_input');
    const notText = await generatePost({ post_id: summaryId, target_platforms: ['twitter'], user_input: 42 });
    expect(notText.statusCode).toBe(400);
    expect(await taskCount()).toBe(before);
  });
});
