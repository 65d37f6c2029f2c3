import { CONTENT_MESSAGES, SUMMARY_EXCERPT_MAX } from '@app/contracts';
import { summaryExcerpt } from '@app/text';
import { DEMO_AUTHOR, seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate, startOfZonedDay } from '@app/time';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
const tokens = { free: '', pro: '' };
let topicId = '';
let otherTopicId = '';
let sourceId = '';
const SOURCE = 'Boundary Test Blog';
const LA = 'America/Los_Angeles';
const now = new Date();
const todayLA = localDate(now, LA);
const oldDate = addDays(todayLA, -5);
/** 23:30 Los Angeles time on oldDate. */
const lateEvening = new Date(startOfZonedDay(oldDate, LA).getTime() + (23 * 60 + 30) * 60_000);

const get = (url: string, token?: string) =>
  gateway.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  await seed(prisma, {});
  const topic = await prisma.topic.findUniqueOrThrow({ where: { slug: 'engineering' } });
  const other = await prisma.topic.findUniqueOrThrow({ where: { slug: 'startup-vc' } });
  topicId = topic.id;
  otherTopicId = other.id;
  const source = await prisma.datasource.create({
    data: { topicId, platform: 'podcast', sourceName: SOURCE, sourceUrl: 'https://example.com/boundary.xml' },
  });
  sourceId = source.id;
  await prisma.summary.createMany({
    data: [
      {
        headline: 'Late evening episode about zebracorn migrations',
        content: 'A talk about schema migrations.',
        summaryType: 'podcast',
        language: 'EN',
        topicId,
        datasourceId: source.id,
        createdAt: lateEvening,
      },
      {
        headline: '深夜节目',
        content: '关于数据库迁移与零停机部署的讨论。',
        summaryType: 'podcast',
        language: 'ZH',
        topicId,
        datasourceId: source.id,
        createdAt: lateEvening,
      },
    ],
  });
  tokens.free = (await signedInUser(gateway, {}, 'free')).accessToken;
  tokens.pro = (await signedInUser(gateway, { plan: 'pro' }, 'pro')).accessToken;
});
afterAll(async () => {
  await gateway?.close();
});

describe('GET /api/summaries', () => {
  it('gives visitors the last two days, newest first, 25 a page', async () => {
    const response = await get('/api/summaries');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.page_size).toBe(25);
    expect(body.data).toHaveLength(25);
    expect(body.total).toBeGreaterThan(25);
    expect(body.total_pages).toBe(Math.ceil(body.total / 25));
    const times = body.data.map((s: { created_at: string }) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const from = startOfZonedDay(addDays(todayLA, -1), LA).getTime();
    expect(Math.min(...times)).toBeGreaterThanOrEqual(from);
    expect(body.data[0]).toMatchObject({ language: 'EN', topic: { id: expect.any(String) } });
    const page2 = (await get('/api/summaries?page=2')).json();
    expect(page2.data[0].id).not.toBe(body.data[0].id);
    expect(new Set([...body.data, ...page2.data].map((s: { id: string }) => s.id)).size).toBe(
      body.data.length + page2.data.length,
    );
  });

  it('sends each summary’s card excerpt: its markdown read as sentences, in its language', async () => {
    for (const language of ['en', 'zh']) {
      const rows = (await get(`/api/summaries?language=${language}&fields=full`)).json().data as {
        content: string;
        headline: string;
        excerpt: string;
      }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.excerpt).toBe(
          summaryExcerpt(row.content, {
            maxLength: SUMMARY_EXCERPT_MAX,
            language: language as 'en' | 'zh',
            headline: row.headline,
          }),
        );
        expect([...row.excerpt].length).toBeLessThanOrEqual(SUMMARY_EXCERPT_MAX);
        expect(row.excerpt).not.toMatch(/\*\*|^#|^- /);
      }
    }
  });

  it('serves Chinese summaries for language=zh', async () => {
    const body = (await get('/api/summaries?language=zh')).json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((s: { language: string }) => s.language === 'ZH')).toBe(true);
  });

  it('filters by topic, platforms and source', async () => {
    const byTopic = (await get(`/api/summaries?topic=${otherTopicId}&page_size=100`, tokens.pro)).json();
    expect(byTopic.data.length).toBeGreaterThan(0);
    expect(byTopic.data.every((s: { topic: { id: string } }) => s.topic.id === otherTopicId)).toBe(true);

    const byPlatforms = (
      await get('/api/summaries?platforms=youtube,twitter-rss&page_size=100', tokens.pro)
    ).json();
    const platforms = new Set(
      byPlatforms.data.map((s: { datasource: { platform: string } }) => s.datasource.platform),
    );
    expect([...platforms].sort()).toEqual(['twitter-rss', 'youtube']);

    const bySource = (await get(`/api/summaries?source=${encodeURIComponent(SOURCE)}`, tokens.pro)).json();
    expect(bySource.data.map((s: { headline: string }) => s.headline)).toEqual([
      'Late evening episode about zebracorn migrations',
    ]);

    const combined = (
      await get(
        `/api/summaries?topic=${otherTopicId}&platforms=podcast&source=${encodeURIComponent(SOURCE)}`,
        tokens.pro,
      )
    ).json();
    expect(combined.data).toHaveLength(0);
  });

  it('rejects unknown platforms and bad dates with field errors', async () => {
    const bad = await get('/api/summaries?platforms=myspace');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const badDate = await get('/api/summaries?date=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toHaveProperty('date');
    const badZone = await get('/api/summaries?timezone=Mars/Olympus');
    expect(badZone.statusCode).toBe(400);
  });

  it('puts 23:30 Los Angeles time in that date for Los Angeles and the next date for Shanghai', async () => {
    const source = `&source=${encodeURIComponent(SOURCE)}`;
    const la = (await get(`/api/summaries?date=${oldDate}&timezone=${LA}${source}`, tokens.pro)).json();
    expect(la.data).toHaveLength(1);
    expect(la.date_from).toBe(startOfZonedDay(oldDate, LA).toISOString());
    const shanghaiSame = (
      await get(`/api/summaries?date=${oldDate}&timezone=Asia/Shanghai${source}`, tokens.pro)
    ).json();
    expect(shanghaiSame.data).toHaveLength(0);
    const next = addDays(oldDate, 1);
    const shanghaiNext = (
      await get(`/api/summaries?date=${next}&timezone=Asia/Shanghai${source}`, tokens.pro)
    ).json();
    expect(shanghaiNext.data).toHaveLength(1);
    // Default zone is Los Angeles.
    expect((await get(`/api/summaries?date=${oldDate}${source}`, tokens.pro)).json().data).toHaveLength(1);
  });

  it('reads a zoned ISO date as 24 h − 1 ms from that instant', async () => {
    const start = startOfZonedDay(oldDate, LA);
    const iso = encodeURIComponent(start.toISOString());
    const body = (
      await get(`/api/summaries?date=${iso}&source=${encodeURIComponent(SOURCE)}`, tokens.pro)
    ).json();
    expect(body.data).toHaveLength(1);
    expect(Date.parse(body.date_to) - Date.parse(body.date_from)).toBe(86_400_000 - 1);
    const shifted = encodeURIComponent(new Date(lateEvening.getTime() + 60_000).toISOString());
    expect(
      (await get(`/api/summaries?date=${shifted}&source=${encodeURIComponent(SOURCE)}`, tokens.pro)).json()
        .data,
    ).toHaveLength(0);
  });

  it('takes date_from/date_to ranges (a plain date_to ends at the end of its day)', async () => {
    const source = `&source=${encodeURIComponent(SOURCE)}`;
    const hit = (
      await get(`/api/summaries?date_from=${oldDate}&date_to=${oldDate}${source}`, tokens.pro)
    ).json();
    expect(hit.data).toHaveLength(1);
    const miss = (
      await get(`/api/summaries?date_from=${addDays(oldDate, 1)}&date_to=${todayLA}${source}`, tokens.pro)
    ).json();
    expect(miss.data).toHaveLength(0);
  });

  it('keeps free users and visitors inside yesterday–today (403 date_filter)', async () => {
    for (const token of [tokens.free, undefined]) {
      const response = await get(`/api/summaries?date=${oldDate}`, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'PRO_REQUIRED',
        message: CONTENT_MESSAGES.freeWindow,
        fields: { date: 'date_filter' },
      });
      const range = await get(`/api/summaries?date_from=${oldDate}&date_to=${todayLA}`, token);
      expect(range.statusCode).toBe(403);
      const yesterday = await get(`/api/summaries?date=${addDays(todayLA, -1)}`, token);
      expect(yesterday.statusCode).toBe(200);
    }
    expect((await get(`/api/summaries?date=${oldDate}`, tokens.pro)).statusCode).toBe(200);
  });

  it('applies a plan change to the very next page, in both directions and for favourites', async () => {
    const user = await signedInUser(gateway, {}, 'plan-change');
    const token = user.accessToken;
    const setPlan = (subscriptionType: 'free' | 'pro') =>
      gateway.db.prisma.userProfile.update({ where: { id: user.id }, data: { subscriptionType } });
    const old = () => get(`/api/summaries?date=${oldDate}&timezone=${LA}`, token);
    const all = async () => (await get('/api/summaries?language=en', token)).json();
    // "For you" ranks a window of stories kept between requests; the plan is checked on each all the same.
    const forYou = async () =>
      (await get('/api/summaries?language=en&order=for_you&group=story&page_size=100', token))
        .json()
        .data.map((s: { headline: string }) => s.headline);
    // Free: the two-day window, twice (the second page is built on the plan seen the first time).
    expect((await old()).statusCode).toBe(403);
    expect((await all()).date_from).not.toBeNull();
    await setPlan('pro');
    const upgraded = await old();
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json().data.map((s: { headline: string }) => s.headline)).toContain(
      'Late evening episode about zebracorn migrations',
    );
    expect((await all()).date_from).toBeNull();
    expect(await forYou()).toContain('Late evening episode about zebracorn migrations');
    expect((await get('/api/summaries?favorites_only=true', token)).statusCode).toBe(200);
    await setPlan('free');
    // Asked first, while the plan last seen is still Pro: the check reads it anew.
    expect(await forYou()).not.toContain('Late evening episode about zebracorn migrations');
    expect((await old()).statusCode).toBe(403);
    expect((await all()).date_from).not.toBeNull();
    expect((await get('/api/summaries?q=zebracorn&language=en', token)).json().data).toEqual([]);
    expect((await get('/api/summaries?favorites_only=true', token)).statusCode).toBe(403);
    // A missing profile is created as free, as on every other route.
    await gateway.db.prisma.userProfile.delete({ where: { id: user.id } });
    expect((await old()).statusCode).toBe(403);
    expect(await gateway.db.prisma.userProfile.count({ where: { id: user.id } })).toBe(1);
  });

  it('refuses a search shorter than 4 characters', async () => {
    for (const q of ['ai', '智能体', 'abc']) {
      const response = await get(`/api/summaries?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message: CONTENT_MESSAGES.searchTooShort });
    }
    // Blank means no search.
    expect((await get('/api/summaries?q=%20%20')).statusCode).toBe(200);
  });

  it('finds English summaries by full-text search (stemmed)', async () => {
    const body = (await get('/api/summaries?q=browsers&language=en&fields=full', tokens.pro)).json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const s of body.data) expect(`${s.headline} ${s.content}`.toLowerCase()).toContain('browser');
    const old = (await get('/api/summaries?q=zebracorn', tokens.pro)).json();
    expect(old.data.map((s: { headline: string }) => s.headline)).toEqual([
      'Late evening episode about zebracorn migrations',
    ]);
  });

  it('finds Chinese summaries by a 4-character substring', async () => {
    const body = (
      await get(`/api/summaries?q=${encodeURIComponent('正式发布')}&language=zh&fields=full`, tokens.pro)
    ).json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const s of body.data) expect(`${s.headline}${s.content}`).toContain('正式发布');
    const exact = (
      await get(`/api/summaries?q=${encodeURIComponent('零停机部署')}&language=zh`, tokens.pro)
    ).json();
    expect(exact.data.map((s: { headline: string }) => s.headline)).toEqual(['深夜节目']);
  });

  it('combines a search with filters', async () => {
    const body = (
      await get(
        `/api/summaries?q=${encodeURIComponent('browser')}&platforms=blog&topic=${topicId}`,
        tokens.pro,
      )
    ).json();
    expect(body.data).toHaveLength(0); // the seeded posts about browsers belong to other topics
  });
});

describe('GET /api/summaries/:id', () => {
  it('returns the summary with its datasource; old ones need Pro', async () => {
    const prisma = gateway.db.prisma;
    const old = await prisma.summary.findFirstOrThrow({ where: { datasourceId: sourceId, language: 'EN' } });
    const pro = await get(`/api/summaries/${old.id}`, tokens.pro);
    expect(pro.statusCode).toBe(200);
    expect(pro.json()).toMatchObject({ id: old.id, datasource: { source_name: SOURCE }, post: null });
    expect((await get(`/api/summaries/${old.id}`, tokens.free)).statusCode).toBe(403);
    expect((await get('/api/summaries/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/summaries/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a summary’s content_html', () => {
  it('is the markdown as sanitised HTML, in the detail and a full list, rendered anew once edited', async () => {
    const prisma = gateway.db.prisma;
    const summary = await prisma.summary.create({
      data: {
        headline: 'Hostile markdown',
        content: [
          '## Heading',
          '',
          '- item',
          '',
          "<script>window.__xss='s'</script> <img src=x onerror=\"window.__xss='i'\">",
          '',
          "[click](javascript:window.__xss='l') [post](https://example.com/p)",
        ].join('\n'),
        summaryType: 'blog_post',
        language: 'EN',
        topicId,
        datasourceId: sourceId,
      },
    });
    const detail = await get(`/api/summaries/${summary.id}`, tokens.pro);
    expect(detail.statusCode).toBe(200);
    const html: string = detail.json().content_html;
    // Under the page's own headings: a summary's top heading is an h4.
    expect(html).toContain('<h4>Heading</h4>');
    expect(html).toContain('<li>item</li>');
    expect(html).toContain(
      '<a href="https://example.com/p" target="_blank" rel="noopener noreferrer">post</a>',
    );
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    const listed = async (query: string) =>
      (await get(`/api/summaries?source=${encodeURIComponent(SOURCE)}&page_size=100${query}`, tokens.pro))
        .json()
        .data.find((s: { id: string }) => s.id === summary.id);
    expect((await listed('&fields=full')).content_html).toBe(html);
    // A list sends what its cards show: the text comes with the summary when a card opens.
    const card = await listed('');
    expect(card.excerpt).toContain('Heading');
    expect(card).not.toHaveProperty('content_html');
    expect(card).not.toHaveProperty('content');
    expect(await listed('&group=story')).not.toHaveProperty('content_html');
    expect((await listed('&group=story&fields=full')).content_html).toBe(html);
    expect((await get('/api/summaries?fields=everything', tokens.pro)).statusCode).toBe(400);

    await prisma.summary.update({ where: { id: summary.id }, data: { content: '### Edited' } });
    expect((await get(`/api/summaries/${summary.id}`, tokens.pro)).json().content_html).toBe(
      '<h4>Edited</h4>\n',
    );
    await prisma.summary.delete({ where: { id: summary.id } });
  });

  it('leaves out a heading that only repeats the headline, the card shows it already', async () => {
    const summary = await gateway.db.prisma.summary.create({
      data: {
        headline: 'Postgres 18 ships async I/O',
        content: [
          '# Postgres 18 ships **async I/O**.',
          '',
          'The release notes.',
          '',
          '## What changed',
          '',
          '- io',
        ].join('\n'),
        summaryType: 'blog_post',
        language: 'EN',
        topicId,
        datasourceId: sourceId,
      },
    });
    const html: string = (await get(`/api/summaries/${summary.id}`, tokens.pro)).json().content_html;
    expect(html).not.toContain('Postgres 18');
    expect(html).toContain('<p>The release notes.</p>');
    // The heading left is the top one now: an h4, under the page's own.
    expect(html).toContain('<h4>What changed</h4>');
    expect(html).not.toMatch(/<h[123]>/);
    await gateway.db.prisma.summary.delete({ where: { id: summary.id } });
  });

  it('is a required string of one summary in the OpenAPI document, optional in a list', async () => {
    const doc = (await gateway.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const list = doc.paths['/api/summaries'].get.responses['200'].content['application/json'].schema;
    const detail = doc.paths['/api/summaries/{id}'].get.responses['200'].content['application/json'].schema;
    for (const schema of [list.properties.data.items, detail])
      expect(schema.properties.content_html).toMatchObject({ type: 'string' });
    expect(detail.required).toEqual(expect.arrayContaining(['content', 'content_html']));
    expect(list.properties.data.items.required).not.toContain('content_html');
  });
});

describe('favourites', () => {
  it('refuses visitors (401) and free users (403), also on favourite filters', async () => {
    expect((await get('/api/favorites/datasources')).statusCode).toBe(401);
    expect((await get('/api/favorites/summaries', tokens.free)).json().error.code).toBe('PRO_REQUIRED');
    const post = await gateway.app.inject({
      method: 'POST',
      url: '/api/favorites/datasources',
      payload: { datasource_id: sourceId },
    });
    expect(post.statusCode).toBe(401);
    expect((await get('/api/summaries?favorites_only=true')).statusCode).toBe(401);
    expect((await get('/api/summaries?favorite_sources_only=true', tokens.free)).statusCode).toBe(403);
  });

  it('lets a Pro user add, list, filter by and remove favourite sources and summaries', async () => {
    const send = (method: 'POST' | 'DELETE', url: string, payload: object) =>
      gateway.app.inject({ method, url, payload, headers: bearer(tokens.pro) });
    expect((await send('POST', '/api/favorites/datasources', { datasource_id: sourceId })).statusCode).toBe(
      200,
    );
    // Twice is fine (idempotent).
    expect((await send('POST', '/api/favorites/datasources', { datasource_id: sourceId })).statusCode).toBe(
      200,
    );
    const list = (await get('/api/favorites/datasources', tokens.pro)).json();
    expect(list.favorites.map((f: { datasources: { id: string } }) => f.datasources.id)).toEqual([sourceId]);
    const filtered = (
      await get(`/api/summaries?favorite_sources_only=true&date=${oldDate}`, tokens.pro)
    ).json();
    expect(filtered.data.map((s: { datasource: { id: string } }) => s.datasource.id)).toEqual([sourceId]);

    const summary = (await get('/api/summaries', tokens.pro)).json().data[3];
    expect((await send('POST', '/api/favorites/summaries', { summary_id: summary.id })).statusCode).toBe(200);
    const favs = (await get('/api/summaries?favorites_only=true', tokens.pro)).json();
    expect(favs.data.map((s: { id: string }) => s.id)).toEqual([summary.id]);
    expect((await get('/api/favorites/summaries', tokens.pro)).json().favorites[0].summaries.id).toBe(
      summary.id,
    );

    expect((await send('DELETE', '/api/favorites/summaries', { summary_id: summary.id })).statusCode).toBe(
      200,
    );
    expect((await get('/api/summaries?favorites_only=true', tokens.pro)).json().data).toHaveLength(0);
    expect((await send('DELETE', '/api/favorites/datasources', { datasource_id: sourceId })).statusCode).toBe(
      200,
    );
    expect((await get('/api/favorites/datasources', tokens.pro)).json().favorites).toHaveLength(0);
  });

  it('validates ids: 400 for a malformed one, 404 for an unknown one', async () => {
    const bad = await gateway.app.inject({
      method: 'POST',
      url: '/api/favorites/summaries',
      payload: { summary_id: 'x' },
      headers: bearer(tokens.pro),
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await gateway.app.inject({
      method: 'POST',
      url: '/api/favorites/summaries',
      payload: { summary_id: '00000000-0000-4000-8000-000000000000' },
      headers: bearer(tokens.pro),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/source-submissions', () => {
  const submit = (payload: object, token: string | undefined = tokens.free) =>
    gateway.app.inject({
      method: 'POST',
      url: '/api/source-submissions',
      payload,
      headers: token ? bearer(token) : {},
    });

  it('needs sign-in', async () => {
    expect(
      (await submit({ topic: topicId, platform: 'blog', url: 'https://a.example' }, '')).statusCode,
    ).toBe(401);
  });

  it('gives each rule its own message', async () => {
    const cases: [object, string, string][] = [
      [{ platform: 'blog', url: 'https://a.example' }, 'topic', CONTENT_MESSAGES.topicRequired],
      [
        { topic: 'other', platform: 'blog', url: 'https://a.example' },
        'topic_custom',
        CONTENT_MESSAGES.topicCustomRequired,
      ],
      [
        { topic: 'other', topic_custom: 'x'.repeat(101), platform: 'blog', url: 'https://a.example' },
        'topic_custom',
        CONTENT_MESSAGES.topicCustomTooLong,
      ],
      [{ topic: topicId, url: 'https://a.example' }, 'platform', CONTENT_MESSAGES.platformRequired],
      [
        { topic: topicId, platform: 'other', url: 'https://a.example' },
        'platform_custom',
        CONTENT_MESSAGES.platformCustomRequired,
      ],
      [
        { topic: topicId, platform: 'other', platform_custom: 'p'.repeat(51), url: 'https://a.example' },
        'platform_custom',
        CONTENT_MESSAGES.platformCustomTooLong,
      ],
      [{ topic: topicId, platform: 'blog', url: 'not a url' }, 'url', CONTENT_MESSAGES.urlInvalid],
      [
        { topic: topicId, platform: 'blog', url: `https://a.example/${'x'.repeat(500)}` },
        'url',
        CONTENT_MESSAGES.urlTooLong,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it('stores a suggestion and refuses the same URL twice from the same user', async () => {
    const payload = {
      topic: 'other',
      topic_custom: 'Robotics',
      platform: 'other',
      platform_custom: 'Mastodon',
      url: 'https://robots.example/feed',
    };
    const first = await submit(payload);
    expect(first.statusCode).toBe(200);
    const row = await gateway.db.prisma.sourceSubmission.findFirstOrThrow({ where: { url: payload.url } });
    expect(row).toMatchObject({
      topicId: null,
      topicCustom: 'Robotics',
      platform: 'other',
      platformCustom: 'Mastodon',
    });
    const again = await submit(payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already submitted');
    // Another user may suggest it too.
    expect((await submit(payload, tokens.pro)).statusCode).toBe(200);
  });
});

describe('topics, datasources, tree and YouTube', () => {
  it('lists topics and finds one by slug or id; unknown is 404', async () => {
    const topics = (await get('/api/topics')).json().data;
    expect(topics).toHaveLength(5);
    expect((await get('/api/topics/engineering')).json().id).toBe(topicId);
    expect((await get(`/api/topics/${topicId}`)).json().slug).toBe('engineering');
    expect((await get('/api/topics/nope')).statusCode).toBe(404);
    // Published posts only: here, the seed's demo posts, by their author's display name.
    const generated = (await get(`/api/topics/${topicId}/generated-content`)).json().data;
    expect(generated.length).toBeGreaterThan(0);
    for (const item of generated)
      expect(item).toMatchObject({ author_name: DEMO_AUTHOR.displayName, published_at: expect.any(String) });
  });

  it("counts today's summaries per topic with their platforms", async () => {
    // The day is named: run across midnight in Los Angeles, "today" would be the next day by then.
    const body = (await get(`/api/topics/stats?timezone=${LA}&language=en&date=${todayLA}`)).json();
    expect(body.data).toHaveLength(5);
    const engineering = body.data.find((s: { topic_id: string }) => s.topic_id === topicId);
    const today = await gateway.db.prisma.summary.count({
      where: {
        topicId,
        language: 'EN',
        createdAt: { gte: startOfZonedDay(todayLA, LA), lt: startOfZonedDay(addDays(todayLA, 1), LA) },
      },
    });
    expect(engineering.count).toBeGreaterThanOrEqual(1);
    expect(engineering.count).toBe(today);
    expect(engineering.platforms.length).toBeGreaterThan(1);
    expect(
      (await get(`/api/topics/stats?date=${oldDate}`))
        .json()
        .data.find((s: { topic_id: string }) => s.topic_id === topicId).count,
    ).toBeGreaterThan(0);
  });

  it('lists datasources and the source tree with counts and last-updated dates', async () => {
    const all = (await get(`/api/datasources?topic_id=${topicId}`)).json().data;
    expect(all.every((d: { topic_id: string }) => d.topic_id === topicId)).toBe(true);
    const tree = (await get('/api/sources/tree?language=en')).json();
    expect(tree.topics).toHaveLength(5);
    const eng = tree.topics.find((t: { id: string }) => t.id === topicId);
    const podcast = eng.platforms.find((p: { platform: string }) => p.platform === 'podcast');
    const mine = podcast.sources.find((s: { id: string }) => s.id === sourceId);
    expect(mine).toMatchObject({ name: SOURCE, summary_count: 1, last_updated: lateEvening.toISOString() });
    expect(tree.total).toBe(await gateway.db.prisma.summary.count({ where: { language: 'EN' } }));
  });

  it('lists YouTube channels and one channel oldest first; free users get two days', async () => {
    const sources = (await get('/api/youtube/sources?language=en')).json().data;
    expect(sources.length).toBeGreaterThan(0);
    // The first channel with videos (a channel not crawled yet lists none).
    let name = '';
    let pro = {
      data: [] as { id: string; created_at: string; excerpt: string; headline: string }[],
      limited: true,
    };
    for (const source of sources as { source_name: string }[]) {
      name = source.source_name;
      pro = (await get(`/api/youtube/${encodeURIComponent(name)}/summaries`, tokens.pro)).json();
      if (pro.data.length > 1) break;
    }
    expect(pro.data.length).toBeGreaterThan(1);
    const times = pro.data.map((s: { created_at: string }) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(pro.limited).toBe(false);
    const first = pro.data[0]!;
    // A channel's cards carry no text: it comes with the summary.
    expect(first).not.toHaveProperty('content_html');
    const { content } = (await get(`/api/summaries/${first.id}`, tokens.pro)).json();
    expect(first.excerpt).toBe(
      summaryExcerpt(content, {
        maxLength: SUMMARY_EXCERPT_MAX,
        language: 'en',
        headline: first.headline,
      }),
    );
    const free = (await get(`/api/youtube/${encodeURIComponent(name)}/summaries`, tokens.free)).json();
    expect(free.limited).toBe(true);
    expect(free.data.length).toBeLessThan(pro.data.length);
    expect((await get('/api/youtube/No%20Such%20Channel/summaries')).statusCode).toBe(404);
  });
});
