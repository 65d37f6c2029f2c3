import type { SummaryDto, SummaryListResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
let proToken = '';
let topicId = '';
const sources: Record<string, string> = {};
const ids: Record<string, string> = {};
const stories: Record<string, string> = {};
const LONE = 30;

const get = async (url: string, token: string | null = proToken) => {
  const res = await gateway.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json() as SummaryListResponse };
};
/** The topic's list grouped by story, with extra query parameters. */
const grouped = (extra = '', token: string | null = proToken, pageSize = 100) =>
  get(`/api/summaries?group=story&topic=${topicId}&page_size=${pageSize}${extra}`, token);
const sourceNames = (row: SummaryDto) => row.story_members?.map((m) => m.source_name);

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  topicId = (await prisma.topic.create({ data: { slug: 'story-cards', name: 'Story cards' } })).id;
  const datasource = async (key: string, platform: 'blog' | 'youtube' | 'wechat', language: 'EN' | 'ZH') => {
    const d = await prisma.datasource.create({
      data: {
        topicId,
        platform,
        sourceName: key,
        sourceUrl: `https://${key.length}-${platform}.example/feed`,
        language,
      },
    });
    sources[key] = d.id;
  };
  await datasource('TechWire', 'blog', 'EN');
  await datasource('Dev Daily', 'blog', 'EN');
  await datasource('Tube News', 'youtube', 'EN');
  await datasource('科技日报', 'wechat', 'ZH');
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);
  const story = async (key: string, count: number) => {
    stories[key] = (
      await prisma.story.create({
        data: { headline: key, language: 'EN', summaryCount: count, firstSeenAt: at(6), lastSeenAt: at(1) },
      })
    ).id;
  };
  await story('orbit', 3);
  await story('rust', 2);
  const summary = async (
    key: string,
    source: string,
    hoursAgo: number,
    story: string | null,
    headline: string,
    language: 'EN' | 'ZH' = 'EN',
  ) => {
    const row = await prisma.summary.create({
      data: {
        headline,
        content: `${headline}. Reported by ${source}.`,
        summaryType: source === 'Tube News' ? 'youtube_video' : 'blog_post',
        language,
        topicId,
        datasourceId: sources[source],
        storyId: story ? stories[story] : null,
        sourceUrls: [`https://example.com/${key}`],
        createdAt: at(hoursAgo),
      },
    });
    ids[key] = row.id;
  };
  // One event from three outlets; the newest report is the video.
  await summary('orbitTech', 'TechWire', 5, 'orbit', 'Cloudscale acquires OrbitDB in zebrafish deal');
  await summary('orbitDev', 'Dev Daily', 3, 'orbit', 'OrbitDB sold to Cloudscale, zebrafish terms');
  await summary('orbitTube', 'Tube News', 1, 'orbit', 'Video: the OrbitDB acquisition explained');
  // Another in two languages: the English list sees one of its reports.
  await summary('rustEn', 'TechWire', 4, 'rust', 'Rust 2030 edition ships');
  await summary('rustZh', '科技日报', 2, 'rust', 'Rust 2030 版发布', 'ZH');
  // Unclustered summaries: each its own row.
  for (let i = 0; i < LONE; i++) await summary(`lone${i}`, 'Dev Daily', 6 + i, null, `Lone note ${i}`);
  proToken = (await signedInUser(gateway, { plan: 'pro' }, 'pro')).accessToken;
});
afterAll(async () => gateway?.close());

describe('GET /api/summaries?group=story', () => {
  it('gives one row per story, the newest matching report standing for it, with its sources', async () => {
    const { status, body } = await grouped();
    expect(status).toBe(200);
    expect(body.total).toBe(LONE + 2);
    expect(body.summary_total).toBe(LONE + 4);
    expect(body.data).toHaveLength(LONE + 2);
    const [first, second] = body.data;
    expect(first).toMatchObject({
      id: ids.orbitTube,
      story_id: stories.orbit,
      story_sources: 3,
      story_size: 3,
    });
    expect(sourceNames(first!)).toEqual(['Tube News', 'Dev Daily', 'TechWire']);
    expect(first!.story_members?.map((m) => m.platform)).toEqual(['youtube', 'blog', 'blog']);
    // The Chinese report does not match language=en: the story counts one source here.
    expect(second).toMatchObject({ id: ids.rustEn, story_sources: 1, story_size: 2 });
    expect(body.data[2]).toMatchObject({ id: ids.lone0, story_id: null, story_sources: 1 });
    expect(sourceNames(body.data[2]!)).toEqual(['Dev Daily']);
    // Without the flag the list is unchanged: every summary, no story fields.
    const plain = (await get(`/api/summaries?topic=${topicId}&page_size=100`)).body;
    expect(plain.total).toBe(LONE + 4);
    expect(plain.data[0]).not.toHaveProperty('story_sources');
    expect(plain.summary_total).toBeUndefined();

    const zh = (await grouped('&language=zh')).body;
    expect(zh.data.map((row) => [row.id, row.story_sources])).toEqual([[ids.rustZh, 1]]);
  });

  it('groups only what the filters, search and source leave', async () => {
    const blogs = (await grouped('&platforms=blog')).body;
    expect(blogs.data[0]).toMatchObject({ id: ids.orbitDev, story_sources: 2 });
    expect(sourceNames(blogs.data[0]!)).toEqual(['Dev Daily', 'TechWire']);
    expect(blogs.total).toBe(LONE + 2);

    const one = (await grouped(`&source=${encodeURIComponent('TechWire')}`)).body;
    expect(one.data.map((row) => [row.id, row.story_sources])).toEqual([
      [ids.rustEn, 1],
      [ids.orbitTech, 1],
    ]);

    const search = (await grouped('&q=zebrafish')).body;
    expect(search.data.map((row) => [row.id, row.story_sources])).toEqual([[ids.orbitDev, 2]]);
    expect([search.total, search.summary_total]).toEqual([1, 2]);

    // A date range that leaves only the last two hours: the video alone.
    const from = new Date(Date.now() - 2 * 3600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const recent = (await grouped(`&date_from=${from}&date_to=${to}`)).body;
    expect(recent.data.map((row) => [row.id, row.story_sources])).toEqual([[ids.orbitTube, 1]]);
  });

  it('pages stories, not summaries', async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => grouped(`&page=${n}`, proToken, 10)));
    const bodies = pages.map((p) => p.body);
    expect(bodies.map((b) => b.data.length)).toEqual([10, 10, 10, 2, 0]);
    expect(bodies.every((b) => b.total === LONE + 2 && b.total_pages === 4)).toBe(true);
    const rows = bodies.flatMap((b) => b.data);
    expect(new Set(rows.map((row) => row.id)).size).toBe(LONE + 2);
    const storyIds = rows.map((row) => row.story_id).filter(Boolean);
    expect(new Set(storyIds).size).toBe(storyIds.length);
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('applies the favourite filters before grouping', async () => {
    const send = (url: string, payload: object) =>
      gateway.app.inject({ method: 'POST', url, payload, headers: bearer(proToken) });
    expect((await send('/api/favorites/summaries', { summary_id: ids.orbitTech })).statusCode).toBe(200);
    expect((await send('/api/favorites/summaries', { summary_id: ids.lone3 })).statusCode).toBe(200);
    const favs = (await grouped('&favorites_only=true')).body;
    expect(favs.data.map((row) => [row.id, row.story_sources])).toEqual([
      [ids.orbitTech, 1],
      [ids.lone3, 1],
    ]);
    expect(favs.total).toBe(2);

    expect(
      (await send('/api/favorites/datasources', { datasource_id: sources['Tube News'] })).statusCode,
    ).toBe(200);
    const favSources = (await grouped('&favorite_sources_only=true')).body;
    expect(favSources.data.map((row) => [row.id, row.story_sources])).toEqual([[ids.orbitTube, 1]]);
  });

  it('refuses a bad group value with 400, and favourites still need a signed-in Pro user', async () => {
    for (const value of ['stories', 'STORY', '', '1']) {
      const res = await gateway.app.inject({ method: 'GET', url: `/api/summaries?group=${value}` });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await grouped('&favorites_only=true', null)).status).toBe(401);
    // Visitors get the grouped two-day window like the plain list.
    const visitor = await get(`/api/summaries?group=story&topic=${topicId}`, null);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data[0]).toMatchObject({ id: ids.orbitTube, story_sources: 3 });
  });
});
