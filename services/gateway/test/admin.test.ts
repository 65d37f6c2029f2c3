import { ADMIN_MESSAGES, PLATFORMS } from '@app/contracts';
import { defaultConfigFor, PLATFORM_DEFAULT_CONFIG, platformFromId } from '@app/db';
import { createQueueTransport } from '@app/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The admin API (issue 9): every §5 rule the server owns, against the real database and Redis.

let gateway: Gateway;
let admin: Record<string, string>;
let adminId = '';
let userId = '';
let user: Record<string, string>;

beforeAll(async () => {
  gateway = await startGateway();
  const a = await signedInUser(gateway, { role: 'admin' }, 'admin');
  adminId = a.id;
  admin = a.headers;
  const u = await signedInUser(gateway, { plan: 'pro' }, 'user');
  userId = u.id;
  user = u.headers;
});
afterAll(async () => {
  await gateway?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  gateway.app.inject({ method, url, headers, payload: payload as object | undefined });

async function createTopic(name = `Topic ${Math.random().toString(36).slice(2, 8)}`, extra = {}) {
  const response = await call('POST', '/api/admin/topics', { name, description: 'About it', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    id: string;
    slug: string;
    name: string;
    keywords: string[];
    is_active: boolean;
  };
}

describe('topics', () => {
  it('creates with comma-separated keywords (trimmed, empties dropped) and a unique slug', async () => {
    const first = await createTopic('Climate Tech', { keywords: ' solar, ,wind ，grid ' });
    expect(first.keywords).toEqual(['solar', 'wind', 'grid']);
    expect(first.slug).toBe('climate-tech');
    const second = await createTopic('Climate Tech');
    expect(second.slug).toBe('climate-tech-2');
  });

  it('requires name and description', async () => {
    const response = await call('POST', '/api/admin/topics', { name: '  ', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      name: ADMIN_MESSAGES.nameRequired,
      description: ADMIN_MESSAGES.descriptionRequired,
    });
  });

  it('lists with datasource and post counts, searches and filters by status', async () => {
    const topic = await createTopic('Quantum Widgets');
    const source = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'blog',
      source_name: 'QW blog',
      source_url: 'https://qw.example.com/feed',
    });
    expect(source.statusCode).toBe(201);
    await gateway.db.prisma.post.create({
      data: { datasourceId: source.json().id, url: 'https://qw.example.com/1', urlHash: 'h1', title: 'one' },
    });
    const list = await call('GET', '/api/admin/topics?q=quantum');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: topic.id, datasource_count: 1, post_count: 1, is_active: true }),
    ]);
    await call('PATCH', `/api/admin/topics/${topic.id}`, { is_active: false });
    const paused = (await call('GET', '/api/admin/topics?status=paused')).json().data;
    expect(paused.map((t: { id: string }) => t.id)).toContain(topic.id);
    const active = (await call('GET', '/api/admin/topics?status=active')).json().data;
    expect(active.map((t: { id: string }) => t.id)).not.toContain(topic.id);
  });

  it('updates, batch-pauses and batch-activates; an empty selection is refused', async () => {
    const a = await createTopic();
    const b = await createTopic();
    const edited = await call('PATCH', `/api/admin/topics/${a.id}`, { name: 'Renamed', keywords: 'x, y' });
    expect(edited.json()).toMatchObject({ name: 'Renamed', keywords: ['x', 'y'] });

    const pause = await call('POST', '/api/admin/topics/batch-status', {
      ids: [a.id, b.id],
      is_active: false,
    });
    expect(pause.json()).toEqual({ updated: 2 });
    const rows = await gateway.db.prisma.topic.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(rows.every((r) => !r.isActive)).toBe(true);

    const empty = await call('POST', '/api/admin/topics/batch-status', { ids: [], is_active: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(ADMIN_MESSAGES.selectTopics);
  });

  it('deletes a topic without sources, refuses one with sources, 404 for unknown', async () => {
    const empty = await createTopic();
    expect((await call('DELETE', `/api/admin/topics/${empty.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/topics/${empty.id}`)).statusCode).toBe(404);
    const used = await createTopic();
    await call('POST', '/api/admin/datasources', {
      topic_id: used.id,
      platform: 'blog',
      source_name: 'x',
      source_url: 'https://x.example.com/feed',
    });
    const refused = await call('DELETE', `/api/admin/topics/${used.id}`);
    expect(refused.statusCode).toBe(409);
  });
});

describe('datasources', () => {
  it('starts every platform with its default config and language', async () => {
    const topic = await createTopic();
    for (const platform of PLATFORMS) {
      const response = await call('POST', '/api/admin/datasources', {
        topic_id: topic.id,
        platform,
        source_name: `src ${platform}`,
        source_url: `https://example.com/${platform}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.config).toEqual(defaultConfigFor(platformFromId(platform)!));
      expect(body.language).toBe(platform === 'wechat' || platform === 'xiaohongshu' ? 'ZH' : 'EN');
      expect(body.status).toBe('pending');
      if (platform === 'twitter') expect(body.source_name).toBe('https://example.com/twitter 相关推文');
    }
    expect(Object.keys(PLATFORM_DEFAULT_CONFIG)).toHaveLength(PLATFORMS.length);
  });

  it('names a twitter source after its keyword', async () => {
    const topic = await createTopic();
    const response = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'twitter',
      source_url: 'indie hackers',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().source_name).toBe('indie hackers 相关推文');
  });

  it('requires topic, platform, name and URL', async () => {
    const response = await call('POST', '/api/admin/datasources', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      topic_id: ADMIN_MESSAGES.topicRequired,
      platform: ADMIN_MESSAGES.platformRequired,
      source_url: ADMIN_MESSAGES.sourceUrlRequired,
    });
    const topic = await createTopic();
    const noName = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'blog',
      source_url: 'https://n.example.com/feed',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual({ source_name: ADMIN_MESSAGES.sourceNameRequired });
  });

  it('refuses a config that is not a JSON object, accepts JSON text', async () => {
    const topic = await createTopic();
    const base = {
      topic_id: topic.id,
      platform: 'reddit',
      source_name: 'r/x',
      source_url: 'https://reddit.com/r/x',
    };
    for (const config of ['{not json', '[1,2]', '42', 7, ['a']]) {
      const response = await call('POST', '/api/admin/datasources', { ...base, config });
      expect(response.statusCode, String(config)).toBe(400);
      expect(response.json().error.fields.config).toBe(ADMIN_MESSAGES.invalidConfig);
    }
    const ok = await call('POST', '/api/admin/datasources', {
      ...base,
      config: '{"subreddit":"x","limit":5}',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().config).toEqual({ subreddit: 'x', limit: 5 });
    const dup = await call('POST', '/api/admin/datasources', base);
    expect(dup.statusCode).toBe(409);
  });

  it('only attaches to an active topic', async () => {
    const topic = await createTopic();
    await call('PATCH', `/api/admin/topics/${topic.id}`, { is_active: false });
    const response = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'blog',
      source_name: 'n',
      source_url: 'https://paused.example.com/feed',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.topic_id).toBe(ADMIN_MESSAGES.topicInactive);
  });

  it('edits, filters, batch-pauses, reports status, deletes', async () => {
    const topic = await createTopic();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const r = await call('POST', '/api/admin/datasources', {
        topic_id: topic.id,
        platform: 'youtube',
        source_name: `Channel ${n}`,
        source_url: `https://youtube.com/c${n}`,
      });
      ids.push(r.json().id);
    }
    const edit = await call('PATCH', `/api/admin/datasources/${ids[0]}`, {
      source_name: 'Renamed channel',
      config: '{"channel_id":"abc","max_results":3}',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      source_name: 'Renamed channel',
      config: { channel_id: 'abc', max_results: 3 },
    });
    const badEdit = await call('PATCH', `/api/admin/datasources/${ids[0]}`, { config: 'nope' });
    expect(badEdit.statusCode).toBe(400);

    await gateway.db.prisma.datasource.update({
      where: { id: ids[1] },
      data: { lastCrawledAt: new Date(), lastSuccessAt: new Date() },
    });
    const batch = await call('POST', '/api/admin/datasources/batch-status', {
      ids: [ids[2]],
      is_active: false,
    });
    expect(batch.json()).toEqual({ updated: 1 });

    const list = (await call('GET', `/api/admin/datasources?topic_id=${topic.id}&platform=youtube`)).json()
      .data;
    const status = Object.fromEntries(list.map((d: { id: string; status: string }) => [d.id, d.status]));
    expect(status).toEqual({ [ids[0]!]: 'pending', [ids[1]!]: 'normal', [ids[2]!]: 'disabled' });
    const paused = (await call('GET', `/api/admin/datasources?topic_id=${topic.id}&status=paused`)).json()
      .data;
    expect(paused.map((d: { id: string }) => d.id)).toEqual([ids[2]]);
    const searched = (await call('GET', `/api/admin/datasources?topic_id=${topic.id}&q=renamed`)).json().data;
    expect(searched.map((d: { id: string }) => d.id)).toEqual([ids[0]]);

    const empty = await call('POST', '/api/admin/datasources/batch-status', { ids: [], is_active: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(ADMIN_MESSAGES.selectDatasources);

    expect((await call('DELETE', `/api/admin/datasources/${ids[0]}`)).statusCode).toBe(200);
    expect(await gateway.db.prisma.datasource.count({ where: { id: ids[0] } })).toBe(0);
    expect((await call('DELETE', `/api/admin/datasources/${ids[0]}`)).statusCode).toBe(404);
  });
});

describe('what the admin lists tell about sources and topics', () => {
  it("takes each source's status and times from its crawl health, as the Source health tab does", async () => {
    const topic = await createTopic('Health Truth');
    const prisma = gateway.db.prisma;
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const make = async (name: string, data: Record<string, unknown>) =>
      (
        await prisma.datasource.create({
          data: {
            topicId: topic.id,
            platform: 'blog',
            sourceName: name,
            sourceUrl: `https://${name}.example.com/feed`,
            ...data,
          },
        })
      ).id;
    const ids = {
      // Tried a minute ago and failing ever since it was added: never a success.
      failing: await make('failing', {
        lastCrawledAt: ago(60_000),
        lastErrorAt: ago(60_000),
        lastErrorClass: 'network',
        lastErrorMessage: 'getaddrinfo ENOTFOUND failing.example.com',
        consecutiveFailures: 4,
      }),
      // Failing now after an old success.
      relapsed: await make('relapsed', {
        lastCrawledAt: ago(120_000),
        lastSuccessAt: ago(3 * 86_400_000),
        lastErrorAt: ago(120_000),
        lastErrorClass: 'config',
        consecutiveFailures: 1,
      }),
      healthy: await make('healthy', { lastCrawledAt: ago(600_000), lastSuccessAt: ago(600_000) }),
      stale: await make('stale', { lastCrawledAt: ago(5 * 86_400_000), lastSuccessAt: ago(5 * 86_400_000) }),
      never: await make('never', {}),
      paused: await make('paused', { isActive: false, lastCrawledAt: ago(60_000), consecutiveFailures: 2 }),
    };

    const listed = (await call('GET', `/api/admin/datasources?topic_id=${topic.id}`)).json().data as {
      id: string;
      status: string;
      last_crawled_at: string | null;
      last_success_at: string | null;
      last_error_class: string | null;
      last_error_message: string | null;
      consecutive_failures: number;
    }[];
    const byId = new Map(listed.map((d) => [d.id, d]));
    const health = (await call('GET', '/api/admin/source-health')).json().data as {
      id: string;
      state: string;
    }[];
    const stateOf = new Map(health.map((h) => [h.id, h.state]));
    // One status per health state, whatever the screen.
    const STATUS_OF_STATE = {
      failing: 'failing',
      healthy: 'normal',
      stale: 'stale',
      never_crawled: 'pending',
      inactive: 'disabled',
    } as Record<string, string>;
    for (const id of Object.values(ids)) expect(byId.get(id)!.status).toBe(STATUS_OF_STATE[stateOf.get(id)!]);
    expect(Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id)!.status]))).toEqual(
      {
        failing: 'failing',
        relapsed: 'failing',
        healthy: 'normal',
        stale: 'stale',
        never: 'pending',
        paused: 'disabled',
      },
    );
    expect(byId.get(ids.failing)).toMatchObject({
      last_crawled_at: ago(60_000).toISOString(),
      last_success_at: null,
      last_error_class: 'network',
      last_error_message: 'getaddrinfo ENOTFOUND failing.example.com',
      consecutive_failures: 4,
    });
    expect(byId.get(ids.relapsed)!.last_success_at).toBe(ago(3 * 86_400_000).toISOString());
    expect(byId.get(ids.never)).toMatchObject({ last_crawled_at: null, last_success_at: null });
  });

  it("counts a topic's crawled posts and its summaries, also once the posts clean-up kept only the summaries", async () => {
    const prisma = gateway.db.prisma;
    const topic = await createTopic('Counting Things');
    await prisma.topic.update({
      where: { id: topic.id },
      data: { nameZh: '计数', descriptionZh: '关于计数' },
    });
    const source = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'blog',
      source_name: 'Counting blog',
      source_url: 'https://counting.example.com/feed',
    });
    const datasourceId = source.json().id as string;
    const posts = await Promise.all(
      [1, 2, 3].map((n) =>
        prisma.post.create({
          data: {
            datasourceId,
            url: `https://counting.example.com/${n}`,
            urlHash: `count-${n}`,
            title: `${n}`,
          },
        }),
      ),
    );
    // One summary per post, and two whose posts the clean-up already deleted.
    await prisma.summary.createMany({
      data: [
        ...posts.map((post) => ({ postId: post.id, datasourceId, topicId: topic.id })),
        { postId: null, datasourceId, topicId: topic.id },
        { postId: null, datasourceId, topicId: topic.id },
      ].map((row, i) => ({
        ...row,
        content: `summary ${i}`,
        summaryType: 'blog_post' as const,
        language: 'EN' as const,
      })),
    });
    await prisma.post.delete({ where: { id: posts[0]!.id } });

    const [listed] = (await call('GET', '/api/admin/topics?q=counting')).json().data;
    const expected = {
      posts: await prisma.post.count({ where: { datasource: { topicId: topic.id } } }),
      summaries: await prisma.summary.count({ where: { topicId: topic.id } }),
    };
    expect(expected).toEqual({ posts: 2, summaries: 5 });
    expect(listed).toMatchObject({
      id: topic.id,
      datasource_count: 1,
      post_count: expected.posts,
      summary_count: expected.summaries,
      name_zh: '计数',
      description_zh: '关于计数',
    });
    // The Chinese name finds it, and the source list names the topic in both languages.
    expect((await call('GET', `/api/admin/topics?q=${encodeURIComponent('计数')}`)).json().data).toHaveLength(
      1,
    );
    const [row] = (await call('GET', `/api/admin/datasources?topic_id=${topic.id}`)).json().data;
    expect(row.topic).toMatchObject({ name: 'Counting Things', name_zh: '计数' });
  });
});

describe('crawl (the pipeline route, issue 3)', () => {
  it('creates no task when none of the chosen sources is active', async () => {
    const topic = await createTopic();
    const source = await call('POST', '/api/admin/datasources', {
      topic_id: topic.id,
      platform: 'blog',
      source_name: 'Paused feed',
      source_url: 'https://paused-feed.example.com/rss',
      is_active: false,
    });
    expect(source.json().status).toBe('disabled');
    const crawl = await call('POST', '/api/admin/crawl', { datasourceIds: [source.json().id] });
    expect(crawl.statusCode).toBe(200);
    expect(crawl.json()).toMatchObject({ success: false, tasksCreated: 0 });
    expect(crawl.json().errors.length).toBeGreaterThan(0);
    expect(await gateway.db.prisma.processingTask.count({ where: { datasourceId: source.json().id } })).toBe(
      0,
    );
  });
});

describe('source submissions', () => {
  it('approves (creating the datasource) and rejects, each once', async () => {
    const topic = await createTopic();
    const [s1, s2] = await Promise.all(
      ['https://good.example.com/feed', 'https://spam.example.com/'].map((url) =>
        gateway.db.prisma.sourceSubmission.create({
          data: { userId, topicId: topic.id, platform: 'blog', url },
        }),
      ),
    );
    const list = (await call('GET', '/api/admin/submissions')).json().data;
    expect(list.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([s1!.id, s2!.id]));

    const approved = await call('POST', `/api/admin/submissions/${s1!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().submission.status).toBe('approved');
    expect(approved.json().datasource).toMatchObject({
      topic_id: topic.id,
      platform: 'blog',
      source_url: 'https://good.example.com/feed',
      source_name: 'good.example.com',
      config: defaultConfigFor('blog'),
    });
    const row = await gateway.db.prisma.sourceSubmission.findUniqueOrThrow({ where: { id: s1!.id } });
    expect(row.reviewedById).toBe(adminId);
    expect((await call('POST', `/api/admin/submissions/${s1!.id}/approve`, {})).statusCode).toBe(409);

    const rejected = await call('POST', `/api/admin/submissions/${s2!.id}/reject`, { note: 'spam' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', review_note: 'spam' });
    expect(
      await gateway.db.prisma.datasource.count({ where: { sourceUrl: 'https://spam.example.com/' } }),
    ).toBe(0);
  });

  it("needs a topic and a known platform when the user picked 'other'", async () => {
    const sub = await gateway.db.prisma.sourceSubmission.create({
      data: {
        userId,
        topicCustom: 'Biotech',
        platform: 'other',
        platformCustom: 'Mastodon',
        url: 'https://m.example/@a',
      },
    });
    const noTopic = await call('POST', `/api/admin/submissions/${sub.id}/approve`, {});
    expect(noTopic.statusCode).toBe(400);
    const topic = await createTopic();
    const noPlatform = await call('POST', `/api/admin/submissions/${sub.id}/approve`, { topic_id: topic.id });
    expect(noPlatform.json().error.fields).toEqual({ platform: ADMIN_MESSAGES.platformRequired });
    const ok = await call('POST', `/api/admin/submissions/${sub.id}/approve`, {
      topic_id: topic.id,
      platform: 'blog',
      source_name: 'A on Mastodon',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('queues', () => {
  it('counts jobs per queue and state, lists a failed job and retries it', async () => {
    const queue = gateway.producer.queue('mail');
    // A worker that always throws fails the job exactly as a real one would.
    const transport = createQueueTransport({
      ...gateway.transportOptions,
      redisUrl: gateway.config.REDIS_URL,
    });
    const worker = transport.createWorker('mail', async () => {
      throw new Error('SMTP said no');
    });
    const verifyUrl = 'http://localhost:3000/api/auth/verify?token=secret-one-time-token&lang=en';
    const job = await queue.add(
      'send-verification-email',
      { broken: true, verifyUrl, password: 'hunter22' },
      { attempts: 1 },
    );
    let state = await job.getState();
    for (let i = 0; i < 200 && state !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await job.getState();
    }
    await worker.close();
    await transport.close();
    expect(state).toBe('failed');

    const response = await call('GET', '/api/admin/queues');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.queues.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining(['crawl', 'mail']),
    );
    expect(body.queues.find((q: { name: string }) => q.name === 'mail').counts.failed).toBeGreaterThanOrEqual(
      1,
    );
    expect(body.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ queue: 'mail', id: job.id, failed_reason: 'SMTP said no' }),
      ]),
    );
    // The one-time link and anything secret-looking are redacted before an admin sees them.
    const listed = body.failed.find((f: { id: string }) => f.id === job.id);
    expect(listed.data).toEqual({
      broken: true,
      verifyUrl: 'http://localhost:3000/api/auth/verify?token=%5Bredacted%5D&lang=en',
      password: '[redacted]',
    });
    expect(response.body).not.toContain('secret-one-time-token');
    expect(response.body).not.toContain('hunter22');

    const retry = await call('POST', `/api/admin/queues/mail/jobs/${job.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await (await queue.getJob(job.id!))!.getState()).toMatch(/waiting|prioritized|active/);
    expect((await call('POST', `/api/admin/queues/mail/jobs/${job.id}/retry`, {})).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/queues/mail/jobs/nope/retry', {})).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/queues/unknown/jobs/1/retry', {})).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers 403 to a signed-in non-admin on every admin route of this issue', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [Parameters<typeof call>[0], string][] = [
      ['GET', '/api/admin/topics'],
      ['POST', '/api/admin/topics'],
      ['PATCH', `/api/admin/topics/${id}`],
      ['DELETE', `/api/admin/topics/${id}`],
      ['POST', '/api/admin/topics/batch-status'],
      ['GET', '/api/admin/datasources'],
      ['POST', '/api/admin/datasources'],
      ['PATCH', `/api/admin/datasources/${id}`],
      ['DELETE', `/api/admin/datasources/${id}`],
      ['POST', '/api/admin/datasources/batch-status'],
      ['GET', '/api/admin/submissions'],
      ['POST', `/api/admin/submissions/${id}/approve`],
      ['POST', `/api/admin/submissions/${id}/reject`],
      ['GET', '/api/admin/queues'],
      ['POST', '/api/admin/queues/mail/jobs/1/retry'],
      ['GET', '/api/admin/blog/posts'],
      ['POST', '/api/admin/blog/posts'],
      ['PATCH', `/api/admin/blog/posts/${id}`],
    ];
    for (const [method, url] of routes) {
      const response = await call(method, url, method === 'GET' ? undefined : {}, user);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });
});
