import { assignSummaryToStory } from '@app/stories/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
let adminToken: string;
let userToken: string;
let topicId: string;
const ids: Record<string, string> = {};

/** Summaries written as the summarizer would, clustered by the same function its job calls. */
async function summary(key: string, headline: string, content: string, sourceName: string, hoursAgo: number) {
  const prisma = gateway.db.prisma;
  const datasource = await prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName, sourceUrl: `https://${key}.example/feed`, language: 'EN' },
  });
  const created = await prisma.summary.create({
    data: {
      headline,
      content,
      summaryType: 'blog_post',
      language: 'EN',
      datasourceId: datasource.id,
      sourceUrls: [`https://${key}.example/a`],
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    },
  });
  ids[key] = created.id;
  await assignSummaryToStory({ prisma }, created.id);
}

const storyOf = async (key: string) =>
  (await gateway.db.prisma.summary.findUniqueOrThrow({ where: { id: ids[key]! } })).storyId!;

beforeAll(async () => {
  gateway = await startGateway();
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'admin')).accessToken;
  userToken = (await signedInUser(gateway, {}, 'user')).accessToken;
  topicId = (await gateway.db.prisma.topic.create({ data: { slug: 'stories', name: 'Stories' } })).id;
  const text =
    'Cloudscale agreed to buy the serverless Postgres startup OrbitDB for $420 million in cash and stock.';
  await summary('a', 'Cloudscale acquires OrbitDB for $420 million', text, 'TechWire', 5);
  await summary('b', 'OrbitDB sold to Cloudscale in $420M deal', `The deal: ${text}`, 'Dev Daily', 3);
  await summary(
    'c',
    'Rust 2030 edition ships with async closures',
    'The Rust team released the 2030 edition.',
    'Rust Blog',
    2,
  );
});
afterAll(async () => gateway?.close());

const post = (url: string, payload: unknown, token: string | null = adminToken) =>
  gateway.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/stories/:id and the summaries list', () => {
  it('lists a story’s summaries with their sources, and the list carries story_id and story_size', async () => {
    const storyId = await storyOf('a');
    expect(await storyOf('b')).toBe(storyId);
    const res = await gateway.app.inject({ method: 'GET', url: `/api/stories/${storyId}` });
    expect(res.statusCode).toBe(200);
    const story = res.json();
    expect(story.summary_count).toBe(2);
    expect(story.languages).toEqual(['EN']);
    expect(
      story.summaries.map((s: { datasource: { source_name: string } }) => s.datasource.source_name),
    ).toEqual(['TechWire', 'Dev Daily']);
    expect(story.summaries.map((s: { match_method: string }) => s.match_method)).toEqual(['new', 'text']);

    const list = (await gateway.app.inject({ method: 'GET', url: '/api/summaries?page_size=100' })).json();
    const byId = new Map(list.data.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(ids.a!)).toMatchObject({ story_id: storyId, story_size: 2 });
    expect(byId.get(ids.c!)).toMatchObject({ story_size: 1 });
  });

  it('shows a visitor or a free reader only the reports of their two days, as the summary itself', async () => {
    // An old report of the same event: a week before, outside the free window.
    const text =
      'Cloudscale first talked about buying the serverless Postgres startup OrbitDB for $420 million.';
    await summary('old', 'Cloudscale in talks to buy OrbitDB for $420 million', text, 'Old Wire', 24 * 4);
    await summary(
      'older',
      'Old news: Zephyr Labs closes its Lisbon office',
      'Zephyr Labs closes Lisbon.',
      'Old Wire 2',
      24 * 7,
    );
    const storyId = await storyOf('a');
    const oldStory = await storyOf('older');
    const proToken = (await signedInUser(gateway, { plan: 'pro' }, 'pro')).accessToken;
    const read = (id: string, token: string | null) =>
      gateway.app.inject({
        method: 'GET',
        url: `/api/stories/${id}?timezone=UTC`,
        headers: token ? bearer(token) : {},
      });
    // The old report joins only if its story took it; either way the free answer leaves it out.
    for (const token of [null, userToken]) {
      const free = await read(storyId, token);
      expect(free.statusCode).toBe(200);
      const shown = free.json().summaries.map((s: { id: string }) => s.id);
      expect(shown).toContain(ids.a);
      expect(shown).not.toContain(ids.old);
      expect(shown).not.toContain(ids.older);
      // A story whose every report is older than the window is refused as its summaries are.
      const refused = await read(oldStory, token);
      expect(refused.statusCode).toBe(403);
      const summaryAnswer = await gateway.app.inject({
        method: 'GET',
        url: `/api/summaries/${ids.older}?timezone=UTC`,
        headers: token ? bearer(token) : {},
      });
      expect(summaryAnswer.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(summaryAnswer.json().error.code);
    }
    expect((await read(oldStory, proToken)).statusCode).toBe(200);
    expect((await read(oldStory, adminToken)).statusCode).toBe(200);
  });

  it('404 for an unknown story, 400 for a malformed id', async () => {
    const missing = await gateway.app.inject({
      method: 'GET',
      url: '/api/stories/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'GET', url: '/api/stories/nope' })).statusCode).toBe(400);
  });
});

describe('admin split and merge', () => {
  it('are admin-only', async () => {
    const storyId = await storyOf('a');
    for (const token of [null, userToken]) {
      const split = await post(`/api/admin/stories/${storyId}/split`, { summary_ids: [ids.b] }, token);
      expect(split.statusCode).toBe(token ? 403 : 401);
      const merge = await post(
        `/api/admin/stories/${storyId}/merge`,
        { story_id: await storyOf('c') },
        token,
      );
      expect(merge.statusCode).toBe(token ? 403 : 401);
    }
    expect(await storyOf('b')).toBe(storyId);
  });

  it('rejects bad bodies and impossible changes with 4xx', async () => {
    const storyId = await storyOf('a');
    expect((await post(`/api/admin/stories/${storyId}/split`, { summary_ids: [] })).statusCode).toBe(400);
    expect((await post(`/api/admin/stories/${storyId}/split`, { summary_ids: ['x'] })).statusCode).toBe(400);
    // A summary of another story, or every member: refused.
    expect((await post(`/api/admin/stories/${storyId}/split`, { summary_ids: [ids.c] })).statusCode).toBe(
      400,
    );
    expect(
      (await post(`/api/admin/stories/${storyId}/split`, { summary_ids: [ids.a, ids.b] })).statusCode,
    ).toBe(400);
    expect((await post(`/api/admin/stories/${storyId}/merge`, { story_id: storyId })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/api/admin/stories/${unknown}/merge`, { story_id: storyId })).statusCode).toBe(404);
  });

  it('split moves the chosen summaries into a new story; merge puts them back and deletes the other', async () => {
    const storyId = await storyOf('a');
    const split = await post(`/api/admin/stories/${storyId}/split`, { summary_ids: [ids.b] });
    expect(split.statusCode).toBe(200);
    const [kept, created] = split.json().stories;
    expect(kept).toMatchObject({ id: storyId, summary_count: 1 });
    expect(created.summaries).toEqual([expect.objectContaining({ id: ids.b, match_method: 'admin' })]);
    expect(await storyOf('b')).toBe(created.id);

    // A later report of the split-off summary's wording follows it, not the original story.
    await summary(
      'd',
      'OrbitDB sold to Cloudscale in $420M deal',
      'The deal: Cloudscale agreed to buy the serverless Postgres startup OrbitDB for $420 million in cash and stock.',
      'Other Outlet',
      1,
    );
    expect(await storyOf('d')).toBe(created.id);

    const merged = await post(`/api/admin/stories/${storyId}/merge`, { story_id: created.id });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().stories[0]).toMatchObject({ id: storyId, summary_count: 3 });
    expect(await storyOf('b')).toBe(storyId);
    expect(await gateway.db.prisma.story.findUnique({ where: { id: created.id } })).toBeNull();
    const list = (await gateway.app.inject({ method: 'GET', url: '/api/summaries?page_size=100' })).json();
    expect(list.data.find((s: { id: string }) => s.id === ids.a)).toMatchObject({ story_size: 3 });
  });
});
