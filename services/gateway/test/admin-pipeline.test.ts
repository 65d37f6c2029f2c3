import { QUEUE_NAMES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
let adminToken: string;
let userToken: string;
let topicA: string;
let topicB: string;

beforeAll(async () => {
  gateway = await startGateway();
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'admin')).accessToken;
  userToken = (await signedInUser(gateway, {}, 'user')).accessToken;
  const prisma = gateway.db.prisma;
  topicA = (await prisma.topic.create({ data: { slug: 'a', name: 'A' } })).id;
  topicB = (await prisma.topic.create({ data: { slug: 'b', name: 'B' } })).id;
  await prisma.datasource.createMany({
    data: [
      { topicId: topicA, platform: 'blog', sourceName: 'Blog A', sourceUrl: 'https://a.example/feed' },
      { topicId: topicA, platform: 'twitter_rss', sourceName: 'Tw A', sourceUrl: 'https://a.example/tw' },
      { topicId: topicB, platform: 'blog', sourceName: 'Blog B', sourceUrl: 'https://b.example/feed' },
      {
        topicId: topicB,
        platform: 'blog',
        sourceName: 'Paused',
        sourceUrl: 'https://b.example/paused',
        isActive: false,
      },
    ],
  });
});
afterAll(async () => gateway?.close());

const post = (url: string, payload: unknown, token = adminToken) =>
  gateway.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

describe('POST /api/admin/crawl', () => {
  it('is admin-only', async () => {
    expect((await post('/api/admin/crawl', {}, userToken)).statusCode).toBe(403);
    expect(
      (await gateway.app.inject({ method: 'POST', url: '/api/admin/crawl', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('rejects bad input with field errors', async () => {
    const res = await post('/api/admin/crawl', {
      targetDate: '21/11/2026',
      platforms: ['myspace'],
      topicIds: ['x'],
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().error.fields ?? {});
    expect(fields.join(' ')).toMatch(/targetDate/);
    expect(fields.join(' ')).toMatch(/platforms/);
  });

  it('creates a task and queues a crawl per matching active datasource; repeats only with forceCreate', async () => {
    const res = await post('/api/admin/crawl', {
      targetDate: '2026-11-21',
      topicIds: [topicA],
      platforms: ['blog', 'twitter-rss'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, tasksCreated: 2, errors: [] });
    const tasks = await gateway.db.prisma.processingTask.findMany({ include: { datasource: true } });
    expect(tasks.map((t) => t.datasource.sourceName).sort()).toEqual(['Blog A', 'Tw A']);
    expect(
      tasks.every((t) => t.status === 'pending' && t.targetDate.toISOString().startsWith('2026-11-21')),
    ).toBe(true);
    const queue = gateway.producer.queue(QUEUE_NAMES.crawl);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(
      jobs
        .filter((j) => j.name === 'crawl-datasource')
        .map((j) => j.data.taskId)
        .sort(),
    ).toEqual(tasks.map((t) => t.id).sort());

    expect(
      (await post('/api/admin/crawl', { targetDate: '2026-11-21', topicIds: [topicA] })).json().tasksCreated,
    ).toBe(0);
    await gateway.db.prisma.processingTask.updateMany({ data: { status: 'failed' } });
    const forced = await post('/api/admin/crawl', {
      targetDate: '2026-11-21',
      topicIds: [topicA],
      forceCreate: true,
    });
    expect(forced.json()).toMatchObject({ success: true, tasksCreated: 2 });
    expect(await gateway.db.prisma.processingTask.count({ where: { status: 'pending' } })).toBe(2);
  });

  it('reports when nothing matches', async () => {
    const res = await post('/api/admin/crawl', { platforms: ['podcast'] });
    expect(res.json()).toEqual({
      success: false,
      tasksCreated: 0,
      errors: ['No active datasources match the filter'],
    });
  });
});

describe('POST /api/admin/process-pending', () => {
  it('queues up to limit pending tasks', async () => {
    await post('/api/admin/crawl', { targetDate: '2026-11-22' });
    const pending = await gateway.db.prisma.processingTask.count({ where: { status: 'pending' } });
    expect(pending).toBe(5);
    expect((await post('/api/admin/process-pending', { limit: 3 })).json()).toEqual({
      success: true,
      data: { processed: 3 },
    });
    expect((await post('/api/admin/process-pending', {})).json()).toEqual({
      success: true,
      data: { processed: 5 },
    });
    expect((await post('/api/admin/process-pending', { limit: 0 })).statusCode).toBe(400);
  });
});

describe('clean-ups', () => {
  it('require confirm: true', async () => {
    for (const url of ['/api/admin/cleanup/data', '/api/admin/cleanup/posts']) {
      const res = await post(url, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('confirm');
      expect((await post(url, { confirm: true }, userToken)).statusCode).toBe(403);
    }
  });

  it('posts clean-up deletes old summarised posts and keeps their summaries', async () => {
    const prisma = gateway.db.prisma;
    const ds = await prisma.datasource.findFirstOrThrow({ where: { sourceName: 'Blog A' } });
    const old = new Date(Date.now() - 10 * 86_400_000);
    const done = await prisma.post.create({
      data: {
        datasourceId: ds.id,
        url: 'https://a.example/1',
        urlHash: 'h1',
        status: 'summarized',
        createdAt: old,
      },
    });
    await prisma.post.create({
      data: {
        datasourceId: ds.id,
        url: 'https://a.example/2',
        urlHash: 'h2',
        status: 'pending',
        createdAt: old,
      },
    });
    await prisma.post.create({
      data: { datasourceId: ds.id, url: 'https://a.example/3', urlHash: 'h3', status: 'summarized' },
    });
    const summary = await prisma.summary.create({
      data: { content: 'c', summaryType: 'blog_post', language: 'EN', postId: done.id, datasourceId: ds.id },
    });
    const res = await post('/api/admin/cleanup/posts', { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      recordsDeleted: { posts: 1 },
      summariesUpdated: 1,
      generatedContentUpdated: 0,
    });
    expect(await prisma.post.count()).toBe(2);
    expect((await prisma.summary.findUniqueOrThrow({ where: { id: summary.id } })).postId).toBeNull();
  });

  it('data clean-up deletes records older than the cutoff and reports the counts', async () => {
    const prisma = gateway.db.prisma;
    await prisma.processingTask.updateMany({ data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    await prisma.summary.updateMany({ data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    const res = await post('/api/admin/cleanup/data', { confirm: true });
    expect(res.json()).toMatchObject({
      success: true,
      recordsDeleted: { processing_tasks: 5, posts: 0, summaries: 1, generated_content: 0 },
    });
    const everything = await post('/api/admin/cleanup/data', { confirm: true, olderThanDays: 0 });
    expect(everything.json().recordsDeleted.posts).toBe(2);
  });
});

describe('GET /api/admin/source-health', () => {
  it('reports each source with its state; an old success is stale, never healthy', async () => {
    const prisma = gateway.db.prisma;
    const now = Date.now();
    await prisma.datasource.updateMany({
      where: { sourceName: 'Blog A' },
      data: { lastSuccessAt: new Date(now - 60_000), lastCrawledAt: new Date(now - 60_000) },
    });
    await prisma.datasource.updateMany({
      where: { sourceName: 'Blog B' },
      data: { lastSuccessAt: new Date(now - 5 * 86_400_000) },
    });
    await prisma.datasource.updateMany({
      where: { sourceName: 'Tw A' },
      data: {
        lastErrorAt: new Date(now),
        lastErrorClass: 'parse_error',
        lastErrorMessage: 'Feed XML cannot be parsed',
        consecutiveFailures: 3,
        nextCheckAt: new Date(now + 3600_000),
      },
    });
    const res = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/source-health',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byName = Object.fromEntries(
      body.data.map((d: { source_name: string; state: string }) => [d.source_name, d]),
    );
    expect(byName['Blog A'].state).toBe('healthy');
    expect(byName['Blog B'].state).toBe('stale');
    expect(byName.Paused.state).toBe('inactive');
    expect(byName['Tw A']).toMatchObject({
      state: 'failing',
      platform: 'twitter-rss',
      last_error_class: 'parse_error',
      consecutive_failures: 3,
    });
    expect(body.data[0].source_name).toBe('Tw A');
    expect(body.counts).toEqual({ healthy: 1, failing: 1, stale: 1, never_crawled: 0, inactive: 1 });
    const failing = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/source-health?state=failing',
      headers: bearer(adminToken),
    });
    expect(failing.json().data).toHaveLength(1);
    const bad = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/source-health?state=weird',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });
});
