import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// GET /api/admin/usage and the Pro monthly generation quota, on the real database.
let gateway: Gateway;
let adminToken: string;
let proToken: string;
let proId: string;
let summaryId: string;
let topicId: string;
const NOW = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  gateway = await startGateway({ GENERATION_MONTHLY_QUOTA: '2' }, { clock: () => NOW });
  const prisma = gateway.db.prisma;
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'usage-admin')).accessToken;
  const pro = await signedInUser(gateway, { plan: 'pro' }, 'usage-pro');
  proId = pro.id;
  proToken = pro.accessToken;
  topicId = (await prisma.topic.create({ data: { slug: 'ai', name: 'AI', description: '' } })).id;
  summaryId = (
    await prisma.summary.create({
      data: { headline: 'A summary', content: 'Some content.', summaryType: 'blog_post', language: 'EN' },
    })
  ).id;
});

afterAll(async () => {
  await gateway?.close();
});

const usage = (query = '', token = adminToken) =>
  gateway.app.inject({ method: 'GET', url: `/api/admin/usage${query}`, headers: bearer(token) });

describe('GET /api/admin/usage', () => {
  it('sums calls, tokens and cost per day, feature and provider, with unknown costs counted apart', async () => {
    const prisma = gateway.db.prisma;
    const row = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      latencyMs: 100,
      success: true,
      topicId,
    };
    await prisma.aiUsage.createMany({
      data: [
        {
          ...row,
          feature: 'summary',
          inputTokens: 1000,
          outputTokens: 200,
          costMicros: 270n,
          createdAt: new Date('2026-11-19T08:00:00Z'),
        },
        {
          ...row,
          feature: 'summary',
          inputTokens: 500,
          outputTokens: 100,
          costMicros: 135n,
          createdAt: new Date('2026-11-19T23:59:00Z'),
        },
        {
          ...row,
          feature: 'generation',
          model: 'mystery',
          inputTokens: 10,
          outputTokens: 10,
          costMicros: null,
          createdAt: new Date('2026-11-20T01:00:00Z'),
        },
        {
          ...row,
          feature: 'summary',
          provider: 'offline',
          model: 'extractive',
          costMicros: 0n,
          topicId: null,
          createdAt: new Date('2026-11-20T02:00:00Z'),
        },
        {
          ...row,
          feature: 'podcast_speech',
          model: 'tts-1',
          characters: 2000,
          costMicros: 30_000n,
          success: false,
          createdAt: new Date('2026-11-20T03:00:00Z'),
        },
        // Outside the range asked for below.
        {
          ...row,
          feature: 'summary',
          inputTokens: 9999,
          costMicros: 9_999_999n,
          createdAt: new Date('2026-11-10T00:00:00Z'),
        },
      ],
    });
    const response = await usage('?from=2026-11-19&to=2026-11-20');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({
      calls: 5,
      failed_calls: 1,
      offline_calls: 1,
      input_tokens: 1510,
      output_tokens: 310,
      characters: 2000,
      cost_usd: 0.030405,
      unpriced_calls: 1,
    });
    expect(body.days.map((d: { date: string; calls: number }) => [d.date, d.calls])).toEqual([
      ['2026-11-19', 2],
      ['2026-11-20', 3],
    ]);
    expect(body.days[1].cost_by_feature).toEqual({ generation: 0, summary: 0, podcast_speech: 0.03 });
    const summary = body.features.find((f: { feature: string }) => f.feature === 'summary');
    expect(summary).toMatchObject({ calls: 3, offline_calls: 1, input_tokens: 1500, cost_usd: 0.000405 });
    expect(body.providers.map((p: { provider: string; calls: number }) => [p.provider, p.calls])).toEqual([
      ['openai', 4],
      ['offline', 1],
    ]);
    expect(body.top_topics).toEqual([
      { topic_id: topicId, topic_name: 'AI', calls: 4, cost_usd: 0.030405, unpriced_calls: 1 },
    ]);
  });

  it('covers the last 30 days (UTC) by default', async () => {
    const response = await usage();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.days).toHaveLength(30);
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses a bad date, from after to and a span over 366 days', async () => {
    for (const query of [
      '?from=2026-13-01',
      '?from=yesterday',
      '?from=2026-11-20&to=2026-11-19',
      '?from=2025-01-01&to=2026-01-02',
    ]) {
      const response = await usage(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await usage('?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
  });

  it('answers only admins', async () => {
    expect((await usage('', proToken)).statusCode).toBe(403);
    const anonymous = await gateway.app.inject({ method: 'GET', url: '/api/admin/usage' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('monthly generation quota', () => {
  const create = (token = proToken) =>
    gateway.app.inject({
      method: 'POST',
      url: '/api/generation-tasks',
      headers: bearer(token),
      payload: { summary_id: summaryId, target_platforms: ['twitter'] },
    });
  const me = async (token = proToken) =>
    (await gateway.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json();

  it('counts this month’s tasks, refuses past the quota with a clear code, and exempts admins', async () => {
    const prisma = gateway.db.prisma;
    // Last month's task does not count.
    await prisma.contentGenerationQueue.create({
      data: {
        userId: proId,
        status: 'completed',
        targetPlatforms: ['twitter'],
        createdAt: new Date('2026-10-31T23:00:00Z'),
      },
    });
    expect((await me()).generation_quota).toEqual({
      limit: 2,
      used: 0,
      left: 2,
      resets_at: '2026-12-01T00:00:00.000Z',
    });
    const first = await create();
    expect(first.statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    expect((await me()).generation_quota).toMatchObject({ used: 2, left: 0 });

    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('GENERATION_QUOTA_EXHAUSTED');
    expect(refused.json().error.message).toContain('2026-12-01');

    // A task that failed without a successful model call gives its place back…
    const firstId = first.json().task_id as string;
    await prisma.contentGenerationQueue.update({ where: { id: firstId }, data: { status: 'failed' } });
    expect((await me()).generation_quota).toMatchObject({ used: 1, left: 1 });
    // …one whose call succeeded does not, even when the task is deleted afterwards.
    await prisma.aiUsage.create({
      data: {
        feature: 'generation',
        provider: 'openai',
        model: 'gpt-4o-mini',
        inputTokens: 300,
        outputTokens: 80,
        latencyMs: 900,
        success: true,
        costMicros: 93n,
        userId: proId,
        generationTaskId: firstId,
      },
    });
    expect((await me()).generation_quota).toMatchObject({ used: 2, left: 0 });

    // The history and the status show what the task used.
    const history = await gateway.app.inject({
      method: 'GET',
      url: '/api/generation-tasks',
      headers: bearer(proToken),
    });
    const task = history.json().data.find((t: { id: string }) => t.id === firstId);
    expect(task.usage).toEqual({
      calls: 1,
      offline_calls: 0,
      input_tokens: 300,
      output_tokens: 80,
      cost_usd: 0.000093,
      models: ['gpt-4o-mini'],
    });
    const status = await gateway.app.inject({
      method: 'GET',
      url: `/api/generation-tasks/${firstId}`,
      headers: bearer(proToken),
    });
    expect(status.json().data.usage).toMatchObject({ calls: 1, input_tokens: 300 });

    await prisma.contentGenerationQueue.delete({ where: { id: firstId } });
    expect((await create()).statusCode).toBe(429);

    // Admins have no quota.
    expect((await me(adminToken)).generation_quota).toBeNull();
    expect((await create(adminToken)).statusCode).toBe(200);
  });
});
