import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
let adminToken: string;
let userToken: string;
let topicA: string;
let topicB: string;
// A word no other test's headline has: the list is shared with every story in the database.
const tag = `zq${randomUUID().slice(0, 8)}`;

/** A story and its members written directly, `hoursAgo` giving each member's creation time. */
async function story(
  headline: string,
  members: { topicId: string; language: 'EN' | 'ZH'; source: string; hoursAgo: number }[],
) {
  const prisma = gateway.db.prisma;
  const times = members.map((m) => new Date(Date.now() - m.hoursAgo * 3600_000));
  const created = await prisma.story.create({
    data: {
      headline,
      language: members[0]!.language,
      summaryCount: members.length,
      firstSeenAt: new Date(Math.min(...times.map(Number))),
      lastSeenAt: new Date(Math.max(...times.map(Number))),
    },
  });
  const ids: string[] = [];
  for (const [i, m] of members.entries()) {
    const datasource = await prisma.datasource.create({
      data: {
        topicId: m.topicId,
        platform: 'blog',
        sourceName: m.source,
        sourceUrl: `https://${randomUUID()}.example/feed`,
        language: m.language,
      },
    });
    const summary = await prisma.summary.create({
      data: {
        headline: `${headline} (${m.source})`,
        content: 'text',
        summaryType: 'blog_post',
        language: m.language,
        datasourceId: datasource.id,
        topicId: m.topicId,
        storyId: created.id,
        createdAt: times[i]!,
      },
    });
    ids.push(summary.id);
  }
  return { id: created.id, members: ids };
}

const get = (query: string, token: string | null = adminToken) =>
  gateway.app.inject({
    method: 'GET',
    url: `/api/admin/stories${query}`,
    headers: token ? bearer(token) : {},
  });

let big: Awaited<ReturnType<typeof story>>;
let mixed: Awaited<ReturnType<typeof story>>;
let single: Awaited<ReturnType<typeof story>>;
let percent: Awaited<ReturnType<typeof story>>;

beforeAll(async () => {
  gateway = await startGateway();
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'admin')).accessToken;
  userToken = (await signedInUser(gateway, {}, 'user')).accessToken;
  topicA = (await gateway.db.prisma.topic.create({ data: { slug: `${tag}-a`, name: 'A' } })).id;
  topicB = (await gateway.db.prisma.topic.create({ data: { slug: `${tag}-b`, name: 'B' } })).id;
  big = await story(`Orbit launch ${tag}`, [
    { topicId: topicA, language: 'EN', source: 'TechWire', hoursAgo: 5 },
    { topicId: topicA, language: 'EN', source: 'Dev Daily', hoursAgo: 3 },
    { topicId: topicB, language: 'ZH', source: '科技日报', hoursAgo: 1 },
  ]);
  mixed = await story(`Rust edition ${tag}`, [
    { topicId: topicA, language: 'EN', source: 'Rust Blog', hoursAgo: 8 },
    { topicId: topicA, language: 'EN', source: 'LWN', hoursAgo: 7 },
  ]);
  single = await story(`Lonely report ${tag}`, [
    { topicId: topicA, language: 'EN', source: 'Solo', hoursAgo: 2 },
  ]);
  percent = await story(`100% uptime ${tag}`, [
    { topicId: topicB, language: 'EN', source: 'Ops Weekly', hoursAgo: 10 },
    { topicId: topicB, language: 'EN', source: 'SRE News', hoursAgo: 9 },
  ]);
});
afterAll(async () => gateway?.close());

describe('GET /api/admin/stories', () => {
  it('is admin-only', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', userToken)).statusCode).toBe(403);
  });

  it('lists stories of more than one summary, newest activity first, with their members', async () => {
    const res = await get(`?q=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((s: { id: string }) => s.id)).toEqual([big.id, mixed.id, percent.id]);
    expect(body.next_cursor).toBeNull();
    const first = body.data[0];
    expect(first).toMatchObject({
      headline: `Orbit launch ${tag}`,
      summary_count: 3,
      languages: ['EN', 'ZH'],
    });
    expect(first.members.map((m: { id: string }) => m.id)).toEqual(big.members);
    expect(first.members[2]).toMatchObject({
      title: `Orbit launch ${tag} (科技日报)`,
      source_name: '科技日报',
      platform: 'blog',
      language: 'ZH',
    });
    expect(Date.parse(first.members[0].published_at)).toBeLessThan(Date.parse(first.members[1].published_at));
  });

  it('filters by topic, language, headline and size', async () => {
    const ids = async (query: string) =>
      (await get(`?q=${tag}${query}`)).json().data.map((s: { id: string }) => s.id);
    expect(await ids(`&topic_id=${topicB}`)).toEqual([big.id, percent.id]);
    expect(await ids('&language=ZH')).toEqual([big.id]);
    expect(await ids(`&topic_id=${topicA}&language=EN`)).toEqual([big.id, mixed.id]);
    expect(await ids('&min_size=1')).toEqual([big.id, single.id, mixed.id, percent.id]);
    expect(await ids('&min_size=3')).toEqual([big.id]);
    // The search is plain text: % matches only itself.
    expect((await get(`?q=${encodeURIComponent(`100% uptime ${tag}`)}`)).json().data).toHaveLength(1);
    expect((await get(`?q=${encodeURIComponent(`%uptime ${tag}`)}`)).json().data).toHaveLength(0);
    expect((await get(`?q=${encodeURIComponent(`rust EDITION ${tag}`)}`)).json().data).toHaveLength(1);
  });

  it('pages with a cursor until the last page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const res = await get(`?q=${tag}&min_size=1&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.data.map((s: { id: string }) => s.id));
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([big.id, single.id, mixed.id, percent.id]);
    expect(cursor).toBeNull();
  });

  it('answers 400 to bad filters, never 500', async () => {
    for (const query of [
      '?limit=51',
      '?limit=0',
      '?min_size=0',
      '?topic_id=nope',
      '?language=FR',
      '?cursor=yesterday',
      '?cursor=2026-13-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000',
      `?q=${'x'.repeat(201)}`,
    ]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
  });

  it('shows a split and a merge made through the admin routes', async () => {
    const post = (url: string, payload: object) =>
      gateway.app.inject({ method: 'POST', url, payload, headers: bearer(adminToken) });
    const split = await post(`/api/admin/stories/${big.id}/split`, { summary_ids: [big.members[2]] });
    expect(split.statusCode).toBe(200);
    const created = split.json().stories[1].id;
    let list = (await get(`?q=${tag}&min_size=1`)).json().data;
    expect(list.find((s: { id: string }) => s.id === big.id)).toMatchObject({
      summary_count: 2,
      languages: ['EN'],
    });
    expect(list.find((s: { id: string }) => s.id === created)).toMatchObject({ summary_count: 1 });

    expect((await post(`/api/admin/stories/${mixed.id}/merge`, { story_id: created })).statusCode).toBe(200);
    list = (await get(`?q=${tag}&min_size=1`)).json().data;
    expect(list.some((s: { id: string }) => s.id === created)).toBe(false);
    expect(
      list.find((s: { id: string }) => s.id === mixed.id).members.map((m: { id: string }) => m.id),
    ).toContain(big.members[2]);
  });

  it('reports the clustering rule’s progress and starts a pass on request (admins only)', async () => {
    const prisma = gateway.db.prisma;
    // One summary without a story: the pass has work to do.
    await prisma.summary.create({
      data: { headline: `${tag} waiting`, content: 'text', summaryType: 'blog_post', language: 'EN' },
    });
    const status = await get('/clustering');
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body.unclustered).toBeGreaterThanOrEqual(1);
    expect(body.total).toBe(body.current + body.older + body.unclustered);
    expect(body.rule_version).toBeGreaterThanOrEqual(2);

    const start = () =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/admin/stories/clustering',
        headers: bearer(adminToken),
      });
    const started = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json().running).toBe(true);
    const job = await gateway.producer.queue('stories').getJob('story-clustering-admin');
    expect(job?.name).toBe('cluster-backlog');
    // A second press while the pass waits adds no second pass.
    expect((await start()).statusCode).toBe(200);
    expect(await gateway.producer.queue('stories').getJobCounts('waiting')).toMatchObject({ waiting: 1 });
    expect((await get('/clustering')).json().running).toBe(true);

    expect((await get('/clustering', userToken)).statusCode).toBe(403);
    expect((await get('/clustering', null)).statusCode).toBe(401);
    const asUser = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/stories/clustering',
      headers: bearer(userToken),
    });
    expect(asUser.statusCode).toBe(403);
  });
});
