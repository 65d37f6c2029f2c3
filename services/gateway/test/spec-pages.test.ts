import { randomUUID } from 'node:crypto';
import { seed } from '@app/db';
import { addDays, localDate, startOfZonedDay } from '@app/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GOOGLE_CLIENT, type FakeGoogle, startFakeGoogle } from './support/fake-google.ts';
import {
  bearer,
  type Gateway,
  PUBLIC_URL,
  signedInUser,
  startGateway,
  uniqueEmail,
} from './support/gateway-harness.ts';

// The public config endpoint, Google sign-in failures that land on /auth (never JSON), and the topic
// page's filter choices taken from the database rather than from the page of rows on screen.

let gateway: Gateway;
let proToken = '';
let topicId = '';
const LA = 'America/Los_Angeles';
const todayLA = localDate(new Date(), LA);
const NEWEST_SOURCE = 'Spec Pages Busy Feed';
const EARLY_SOURCE = 'Spec Pages Early Feed';
const OLD_SOURCE = 'Spec Pages Archive Feed';
const get = (url: string, token?: string) =>
  gateway.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  await seed(prisma, { demoSummaries: false });
  const topic = await prisma.topic.findUniqueOrThrow({ where: { slug: 'product-management' } });
  topicId = topic.id;
  const source = (sourceName: string, platform: 'blog' | 'xiaohongshu' | 'podcast') =>
    prisma.datasource.create({
      data: {
        topicId,
        platform,
        sourceName,
        sourceUrl: `https://example.com/${encodeURIComponent(sourceName)}`,
      },
    });
  const busy = await source(NEWEST_SOURCE, 'blog');
  const early = await source(EARLY_SOURCE, 'xiaohongshu');
  const old = await source(OLD_SOURCE, 'podcast');
  const todayStart = startOfZonedDay(todayLA, LA).getTime();
  const row = (datasourceId: string, createdAt: Date, language: 'EN' | 'ZH' = 'EN') => ({
    headline: `Item ${randomUUID()}`,
    content: 'Body',
    summaryType: 'blog_post' as const,
    language,
    topicId,
    datasourceId,
    createdAt,
  });
  await prisma.summary.createMany({
    data: [
      // 30 new items today: the first page (25) holds only these.
      ...Array.from({ length: 30 }, (_, i) => row(busy.id, new Date(Date.now() - (i + 1) * 1000))),
      // Yesterday, early: on the third page at best.
      row(early.id, new Date(startOfZonedDay(addDays(todayLA, -1), LA).getTime() + 60_000)),
      // Ten days ago: outside the free window.
      row(old.id, new Date(startOfZonedDay(addDays(todayLA, -10), LA).getTime() + 3_600_000)),
      // A Chinese summary of the busy source only.
      row(busy.id, new Date(todayStart + 1000), 'ZH'),
    ],
  });
  proToken = (await signedInUser(gateway, { plan: 'pro' }, 'pro')).accessToken;
}, 60_000);
afterAll(async () => {
  await gateway?.close();
});

describe('GET /api/config', () => {
  it('says Google sign-in is off on a default install, publicly and cacheably', async () => {
    const response = await get('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google_sign_in: false, payments: 'demo' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('says it is on when the client id and secret are set', async () => {
    const configured = await startGateway({
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.secret,
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toEqual({ google_sign_in: true, payments: 'demo' });
    } finally {
      await configured.close();
    }
  });
});

describe('Google sign-in failures land on /auth with an error code', () => {
  it('start without Google configured: /auth?error=google_unavailable, in the reader language', async () => {
    for (const [query, location] of [
      ['', `${PUBLIC_URL}/auth?error=google_unavailable`],
      ['?lang=en', `${PUBLIC_URL}/auth?error=google_unavailable`],
      ['?lang=zh', `${PUBLIC_URL}/zh/auth?error=google_unavailable`],
      // A language the app does not have: English, not a JSON 400.
      ['?lang=fr', `${PUBLIC_URL}/auth?error=google_unavailable`],
    ] as const) {
      const response = await get(`/api/auth/google/start${query}`);
      expect(response.statusCode, query).toBe(302);
      expect(response.headers.location, query).toBe(location);
      expect(response.headers['set-cookie'], query).toBeUndefined();
    }
  });

  it('a callback without Google configured is a failure, not a JSON error', async () => {
    const response = await get('/api/auth/google/callback?code=abc&state=forged');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/auth?error=google_failed`);
  });

  describe('with Google configured', () => {
    let google: FakeGoogle;
    let withGoogle: Gateway;
    beforeAll(async () => {
      google = await startFakeGoogle();
      withGoogle = await startGateway({
        ...google.env,
      });
    });
    afterAll(async () => {
      await withGoogle?.close();
      await google?.close();
    });
    const callback = (query: string, cookies: Record<string, string> = {}) =>
      withGoogle.app.inject({ method: 'GET', url: `/api/auth/google/callback${query}`, cookies });

    it('bad state, provider error, missing code or a malformed query: /auth?error=google_failed', async () => {
      for (const query of [
        '?code=abc&state=forged',
        '?error=access_denied',
        '?state=',
        '',
        `?code=${'x'.repeat(5000)}`,
      ]) {
        const response = await callback(query);
        expect(response.statusCode, query).toBe(302);
        expect(response.headers.location, query).toBe(`${PUBLIC_URL}/auth?error=google_failed`);
      }
    });

    it('a Chinese reader whose code is refused lands on /zh/auth?error=google_failed', async () => {
      google.signInAs({ sub: randomUUID(), email: uniqueEmail('zh'), email_verified: true });
      const start = await withGoogle.app.inject({ method: 'GET', url: '/api/auth/google/start?lang=zh' });
      expect(start.statusCode).toBe(302);
      const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
      const flow = start.cookies.find((c) => c.name === 'google_oauth')?.value ?? '';
      // A code Google never issued: the token exchange fails.
      const response = await callback(`?code=never-issued&state=${encodeURIComponent(state)}`, {
        google_oauth: flow,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/zh/auth?error=google_failed`);
      expect(response.cookies.find((c) => c.name === 'refresh_token' && c.value)).toBeUndefined();
    });
  });
});

describe('GET /api/topics/:idOrSlug/filter-options', () => {
  const url = (idOrSlug: string, query = `timezone=${LA}`) =>
    `/api/topics/${idOrSlug}/filter-options?${query}`;

  it("lists every source and day of the topic a visitor may read, not only the newest page's", async () => {
    const page1 = (await get(`/api/summaries?topic=${topicId}&timezone=${LA}`)).json();
    expect(page1.total).toBe(31);
    expect(
      page1.data.map((s: { datasource: { source_name: string } }) => s.datasource.source_name),
    ).not.toContain(EARLY_SOURCE);

    const response = await get(url(topicId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sources: [
        { name: NEWEST_SOURCE, platform: 'blog', summary_count: 30 },
        { name: EARLY_SOURCE, platform: 'xiaohongshu', summary_count: 1 },
      ],
      dates: [todayLA, addDays(todayLA, -1)],
    });
  });

  it('gives a Pro reader the older days and sources too; a slug works like the id', async () => {
    const response = await get(url('product-management'), proToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sources.map((s: { name: string }) => s.name)).toEqual([
      OLD_SOURCE,
      NEWEST_SOURCE,
      EARLY_SOURCE,
    ]);
    expect(body.dates).toEqual([todayLA, addDays(todayLA, -1), addDays(todayLA, -10)]);
  });

  it('answers in the language asked', async () => {
    const body = (await get(url(topicId, `timezone=${LA}&language=zh`))).json();
    expect(body).toEqual({
      sources: [{ name: NEWEST_SOURCE, platform: 'blog', summary_count: 1 }],
      dates: [todayLA],
    });
  });

  it('offers the English page English sources only; the Chinese page every source it has summaries of', async () => {
    const prisma = gateway.db.prisma;
    const topic = await prisma.topic.create({
      data: { name: 'Spec languages topic', slug: `spec-languages-${Date.now()}` },
    });
    const source = (sourceName: string, language: 'EN' | 'ZH') =>
      prisma.datasource.create({
        data: {
          topicId: topic.id,
          platform: 'blog',
          sourceName,
          language,
          sourceUrl: `https://example.com/${language}`,
        },
      });
    const english = await source('Spec English Feed', 'EN');
    const chinese = await source('规格中文博客', 'ZH');
    const at = new Date(Date.now() - 60_000);
    await prisma.summary.createMany({
      data: [
        { datasourceId: english.id, language: 'EN' as const },
        { datasourceId: english.id, language: 'ZH' as const },
        // A Chinese source summarised in English once (by hand, or an older run): still a Chinese source.
        { datasourceId: chinese.id, language: 'EN' as const },
        { datasourceId: chinese.id, language: 'ZH' as const },
      ].map((row) => ({
        ...row,
        topicId: topic.id,
        headline: 'x',
        content: 'x',
        summaryType: 'blog_post' as const,
        createdAt: at,
      })),
    });
    const names = async (language: string) =>
      (await get(url(topic.id, `timezone=${LA}&language=${language}`)))
        .json()
        .sources.map((s: { name: string }) => s.name);
    expect(await names('en')).toEqual(['Spec English Feed']);
    expect(await names('zh')).toEqual(['Spec English Feed', '规格中文博客']);
  });

  it('a day choice filters the list to that day, the source choice to that source', async () => {
    const day = addDays(todayLA, -1);
    const byDay = (await get(`/api/summaries?topic=${topicId}&timezone=${LA}&date=${day}`)).json();
    expect(byDay.data.map((s: { datasource: { source_name: string } }) => s.datasource.source_name)).toEqual([
      EARLY_SOURCE,
    ]);
    const bySource = (
      await get(`/api/summaries?topic=${topicId}&timezone=${LA}&source=${encodeURIComponent(EARLY_SOURCE)}`)
    ).json();
    expect(bySource.total).toBe(1);
  });

  it('404 for an unknown or paused topic, 400 for a bad time zone or language', async () => {
    expect((await get(url(randomUUID()))).statusCode).toBe(404);
    expect((await get(url('no-such-topic'))).statusCode).toBe(404);
    const paused = await gateway.db.prisma.topic.create({
      data: { name: 'Paused spec topic', slug: `paused-${Date.now()}`, isActive: false },
    });
    expect((await get(url(paused.id))).statusCode).toBe(404);
    const badZone = await get(url(topicId, 'timezone=Mars/Olympus'));
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.code).toBe('VALIDATION_FAILED');
    expect((await get(url(topicId, 'language=fr'))).statusCode).toBe(400);
  });
});
