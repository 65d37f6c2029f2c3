import { loadConfig } from '@app/config';
import {
  type ContentGenerationService,
  contentGenerationConfigSchema,
  startService,
} from '@app/content-generation';
import { insertSummary, socialReply } from '@app/content-generation/testing';
import { bearer, type Gateway, insertUser, login, startGateway, uniqueEmail } from '@app/gateway/testing';
import { createLlm } from '@app/llm';
import { createLogger } from '@app/logger';
import { type FakeOpenAI, startFakeOpenAI, waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Gateway (inject) + the content-generation worker in process, on this file's database and Redis prefix,
// with the LLM on a local fake OpenAI server.
let gateway: Gateway;
let openai: FakeOpenAI;
let worker: ContentGenerationService | undefined;
let pro: { id: string; token: string };
let other: { id: string; token: string };
let free: { token: string };
let summaryId: string;
let llmDelayMs = 150;

async function user(plan: 'free' | 'pro', role: 'user' | 'admin' = 'user') {
  const email = uniqueEmail(plan);
  const row = await insertUser(gateway.db.prisma, { email, plan, role });
  return { id: row.id, token: (await login(gateway, email)).accessToken };
}

async function startWorker() {
  const config = loadConfig(contentGenerationConfigSchema, {
    DATABASE_URL: gateway.db.url,
    REDIS_URL: gateway.transportOptions.redisUrl,
    HEALTH_PORT: '0',
    WORKER_CONCURRENCY: '1',
    GENERATION_LOCK_MS: '5000',
  });
  worker = await startService(config, {
    prisma: gateway.db.prisma,
    prefix: gateway.transportOptions.prefix,
    logger: createLogger('content-generation', { level: 'silent' }),
    llm: createLlm({ apiKey: 'test-key', baseURL: openai.baseURL, maxRetries: 0 }),
  });
}

const api = (token: string) => ({
  post: (url: string, payload?: object) =>
    gateway.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload ?? {} }),
  get: (url: string) => gateway.app.inject({ method: 'GET', url, headers: bearer(token) }),
  del: (url: string) => gateway.app.inject({ method: 'DELETE', url, headers: bearer(token) }),
});

async function statusOf(token: string, taskId: string) {
  const response = await api(token).get(`/api/generation-tasks/${taskId}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    status: string;
    progress: number;
    queue_position: number;
    result_ids: string[];
    error_message: string | null;
    retry_count: number;
    max_retries: number;
  };
}

beforeAll(async () => {
  gateway = await startGateway();
  openai = await startFakeOpenAI({
    chat: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, llmDelayMs));
      return socialReply(request);
    },
  });
  pro = await user('pro');
  other = await user('pro');
  free = await user('free');
  summaryId = (await insertSummary(gateway.db.prisma)).id;
});

afterAll(async () => {
  await worker?.close();
  await openai?.close();
  await gateway?.close();
});

describe('validation and access', () => {
  it('refuses free users with 403 and visitors with 401', async () => {
    const body = { summary_id: summaryId, target_platforms: ['twitter'] };
    const forFree = await api(free.token).post('/api/generation-tasks', body);
    expect(forFree.statusCode).toBe(403);
    expect(forFree.json().error.code).toBe('PRO_REQUIRED');
    const visitor = await gateway.app.inject({ method: 'POST', url: '/api/generation-tasks', payload: body });
    expect(visitor.statusCode).toBe(401);
  });

  it.each([
    [{ target_platforms: ['myspace'] }, 'target_platforms'],
    [{ target_platforms: [] }, 'target_platforms'],
    [{ style: 'angry' }, 'style'],
    [{ user_input: 'x'.repeat(501) }, 'user_input'],
    [{ summary_id: 'not-a-uuid' }, 'summary_id'],
  ])('answers 400 with field errors for %j', async (patch, field) => {
    const response = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['twitter'],
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {}).join(' ')).toContain(field);
  });

  it('trims user input and accepts exactly 500 characters', async () => {
    const response = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['twitter'],
      user_input: `  ${'y'.repeat(500)}  `,
    });
    expect(response.statusCode).toBe(200);
    const row = await gateway.db.prisma.contentGenerationQueue.findUniqueOrThrow({
      where: { id: response.json().task_id },
    });
    expect(row.userInput).toBe('y'.repeat(500));
    await api(pro.token).post(`/api/generation-tasks/${row.id}/cancel`);
  });

  it('answers 404 for an unknown summary and for another user’s task', async () => {
    const missing = await api(pro.token).post('/api/generation-tasks', {
      summary_id: crypto.randomUUID(),
      target_platforms: ['twitter'],
    });
    expect(missing.statusCode).toBe(404);
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['twitter'],
    });
    const taskId = created.json().task_id;
    expect((await api(other.token).get(`/api/generation-tasks/${taskId}`)).statusCode).toBe(404);
    expect((await api(other.token).post(`/api/generation-tasks/${taskId}/cancel`)).statusCode).toBe(404);
    expect((await api(pro.token).post(`/api/generation-tasks/${taskId}/cancel`)).statusCode).toBe(200);
    expect((await statusOf(pro.token, taskId)).status).toBe('cancelled');
  });
});

describe('the queue', () => {
  it('gives later tasks falling queue positions as earlier ones finish', async () => {
    const ids: string[] = [];
    const positions: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api(pro.token).post('/api/generation-tasks', {
        summary_id: summaryId,
        target_platforms: ['twitter', 'linkedin'],
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.estimated_wait_time).toBe((body.queue_position - 1) * 2);
      ids.push(body.task_id);
      positions.push(body.queue_position);
    }
    expect(positions).toEqual([1, 2, 3]);
    expect((await statusOf(pro.token, ids[2]!)).queue_position).toBe(3);

    await startWorker();
    const seen: { status: string; position: number; progress: number }[] = [];
    await waitFor(
      async () => {
        const status = await statusOf(pro.token, ids[2]!);
        seen.push({ status: status.status, position: status.queue_position, progress: status.progress });
        return status.status === 'completed';
      },
      { timeoutMs: 30_000, intervalMs: 40 },
    );
    const pendingPositions = seen.filter((s) => s.status === 'pending').map((s) => s.position);
    expect(pendingPositions.length).toBeGreaterThan(0);
    // Never rises, and reaches the front before the task runs.
    for (let i = 1; i < pendingPositions.length; i++) {
      expect(pendingPositions[i]).toBeLessThanOrEqual(pendingPositions[i - 1]!);
    }
    expect(new Set(pendingPositions).size).toBeGreaterThan(1);
    expect(pendingPositions.at(-1)).toBe(1);
    expect(seen.at(-1)).toMatchObject({ position: 0, progress: 100 });
  });

  it('runs a task pending → processing → completed with rising progress and readable results', async () => {
    llmDelayMs = 400;
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['linkedin', 'twitter', 'reddit'],
      style: 'professional',
      user_input: 'mention the benchmark',
    });
    const taskId = created.json().task_id;
    const statuses: string[] = [];
    const progress: number[] = [];
    const final = await waitFor(
      async () => {
        const status = await statusOf(pro.token, taskId);
        statuses.push(status.status);
        progress.push(status.progress);
        return status.status === 'completed' ? status : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    llmDelayMs = 150;
    expect(statuses).toContain('processing');
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(0);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
    expect(final.progress).toBe(100);
    expect(final.result_ids).toHaveLength(3);

    const results = await api(pro.token).get(`/api/generated-content?ids=${final.result_ids.join(',')}`);
    expect(results.statusCode).toBe(200);
    const data = results.json().data as { platform: string; content: string; character_count: number }[];
    expect(data.map((r) => r.platform)).toEqual(['linkedin', 'twitter', 'reddit']);
    expect(data[0]).toMatchObject({ generator: 'llm', style: 'professional', is_over_limit: false });
    expect(data[0]!.content).toContain('LinkedIn');
    expect(data[0]!.character_count).toBe(data[0]!.content.length);
    expect(data[0]).toMatchObject({ hashtags: ['AI', 'SmallModels'] });
    // The user's extra input reached the prompt.
    expect(JSON.stringify(openai.requests.at(-1)?.body)).toContain('mention the benchmark');
    // Another user cannot read them.
    const foreign = await api(other.token).get(`/api/generated-content?ids=${final.result_ids.join(',')}`);
    expect(foreign.json().data).toEqual([]);
  });

  it('flags copy over the platform limit', async () => {
    const long = 'z'.repeat(300);
    const previous = openai.handlers.chat;
    openai.handlers.chat = () => ({ content: long, hashtags: [] });
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['twitter', 'linkedin'],
    });
    const final = await waitFor(async () => {
      const s = await statusOf(pro.token, created.json().task_id);
      return s.status === 'completed' ? s : undefined;
    });
    openai.handlers.chat = previous;
    const data = (await api(pro.token).get(`/api/generated-content?ids=${final.result_ids.join(',')}`)).json()
      .data;
    expect(data.map((r: { is_over_limit: boolean }) => r.is_over_limit)).toEqual([true, false]);
  });

  it('retries a failing LLM, then fails with the message; a manual retry then succeeds', async () => {
    // Four attempts (the first and max_retries = 3 retries), the SDK's own retries off.
    openai.failNext(4, 500, 'model overloaded');
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['twitter'],
    });
    const taskId = created.json().task_id;
    const failed = await waitFor(
      async () => {
        const s = await statusOf(pro.token, taskId);
        return s.status === 'failed' ? s : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    expect(failed.retry_count).toBe(3);
    expect(failed.max_retries).toBe(3);
    expect(failed.error_message).toContain('model overloaded');
    expect(openai.requests.filter((r) => r.path.endsWith('/chat/completions')).length).toBeGreaterThanOrEqual(
      4,
    );

    const retried = await api(pro.token).post(`/api/generation-tasks/${taskId}/retry`);
    expect(retried.statusCode).toBe(200);
    const done = await waitFor(async () => {
      const s = await statusOf(pro.token, taskId);
      return s.status === 'completed' ? s : undefined;
    });
    expect(done.retry_count).toBe(0);
    expect(done.error_message).toBeNull();
    // A completed task cannot be retried.
    expect((await api(pro.token).post(`/api/generation-tasks/${taskId}/retry`)).statusCode).toBe(409);
  }, 90_000);
});

describe('history, delete, cancel and post mode', () => {
  it('lists the user’s own tasks newest first with filters and counters', async () => {
    const response = await api(pro.token).get('/api/generation-tasks');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.length).toBeGreaterThan(3);
    const created = body.data.map((t: { created_at: string }) => t.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(body.stats.completed_tasks).toBeGreaterThan(0);
    const completed = body.data.find((t: { status: string }) => t.status === 'completed');
    expect(completed.summary_info).toMatchObject({
      platform: 'blog',
      title: 'Small models are getting good at code',
      topic_name: expect.stringMatching(/^AI Tools \d+$/),
      // The Chinese history shows the topic's Chinese name.
      topic_name_zh: expect.stringMatching(/^AI 工具 \d+$/),
    });
    expect(completed.generated_content.length).toBe(completed.result_ids.length);

    const failedOnly = (await api(pro.token).get('/api/generation-tasks?status=cancelled')).json();
    expect(failedOnly.data.every((t: { status: string }) => t.status === 'cancelled')).toBe(true);
    expect(failedOnly.data.length).toBeGreaterThan(0);
    const reddit = (await api(pro.token).get('/api/generation-tasks?target_platforms=reddit')).json();
    expect(reddit.data.length).toBe(1);
    const styled = (await api(pro.token).get('/api/generation-tasks?style=professional')).json();
    expect(styled.data.length).toBe(1);
    expect((await api(pro.token).get('/api/generation-tasks?source_platforms=youtube')).json().data).toEqual(
      [],
    );
    expect(
      (await api(pro.token).get('/api/generation-tasks?q=benchmark')).json().data.length,
    ).toBeGreaterThan(0);
    expect((await api(pro.token).get('/api/generation-tasks?q=nothing-like-this')).json().data).toEqual([]);
    expect((await api(pro.token).get('/api/generation-tasks?q=abc')).statusCode).toBe(400);
    expect((await api(pro.token).get('/api/generation-tasks?status=lost')).statusCode).toBe(400);
    expect((await api(other.token).get('/api/generation-tasks')).json().data).toEqual([]);
  });

  it('deletes results one by one and the task with the last one', async () => {
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['wechat', 'xiaohongshu'],
    });
    const taskId = created.json().task_id;
    const done = await waitFor(async () => {
      const s = await statusOf(pro.token, taskId);
      return s.status === 'completed' ? s : undefined;
    });
    const [first, second] = done.result_ids;
    expect((await api(other.token).del(`/api/generated-content/${first}`)).statusCode).toBe(404);
    const one = await api(pro.token).del(`/api/generated-content/${first}`);
    expect(one.json()).toEqual({ success: true, task_deleted: false });
    expect((await statusOf(pro.token, taskId)).result_ids).toEqual([second]);
    const two = await api(pro.token).del(`/api/generated-content/${second}`);
    expect(two.json()).toEqual({ success: true, task_deleted: true });
    expect((await api(pro.token).get(`/api/generation-tasks/${taskId}`)).statusCode).toBe(404);
    expect((await api(pro.token).del(`/api/generated-content/${second}`)).statusCode).toBe(404);
  });

  it('stops a processing task when it is cancelled', async () => {
    llmDelayMs = 700;
    const created = await api(pro.token).post('/api/generation-tasks', {
      summary_id: summaryId,
      target_platforms: ['linkedin', 'twitter', 'reddit', 'wechat', 'xiaohongshu'],
    });
    const taskId = created.json().task_id;
    await waitFor(async () => (await statusOf(pro.token, taskId)).status === 'processing');
    expect((await api(pro.token).post(`/api/generation-tasks/${taskId}/cancel`)).json().status).toBe(
      'cancelled',
    );
    await new Promise((resolve) => setTimeout(resolve, 1600));
    llmDelayMs = 150;
    const status = await statusOf(pro.token, taskId);
    expect(status.status).toBe('cancelled');
    const rows = await gateway.db.prisma.userGeneratedContent.count({ where: { taskId } });
    expect(rows).toBeLessThan(5);
  });

  it('answers post mode once the generation is done', async () => {
    const response = await api(pro.token).post('/api/generate/post', {
      post_id: summaryId,
      target_platforms: ['twitter'],
      tone: 'casual',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.generation_stats).toEqual({ successful_generations: 1, status: 'completed' });
    expect(body.data.generated_content[0]).toMatchObject({ platform: 'twitter', style: 'casual' });
    expect(
      (
        await api(free.token).post('/api/generate/post', {
          post_id: summaryId,
          target_platforms: ['twitter'],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api(pro.token).post('/api/generate/post', { post_id: summaryId, target_platforms: ['fax'] }))
        .statusCode,
    ).toBe(400);
  });
});
