import { READ_BATCH_MAX, READING_MESSAGES } from '@app/contracts';
import { seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

/** Follows (My feed) and read state: every signed-in reader, on the seeded first-run content. */
let gateway: Gateway;
let token = '';
let userId = '';
let engineering = '';
let startup = '';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Card = { id: string; read?: boolean; topic: { id: string } | null; datasource: { id: string } | null };
type Page = { data: Card[]; total: number };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as: string | null = token) =>
  gateway.app.inject({ method, url, ...(payload ? { payload } : {}), headers: as ? bearer(as) : {} });
const page = async (query: string, as: string | null = token): Promise<Page> => {
  const response = await call('GET', `/api/summaries?${query}`, undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  gateway = await startGateway();
  const prisma = gateway.db.prisma;
  await seed(prisma, {});
  engineering = (await prisma.topic.findUniqueOrThrow({ where: { slug: 'engineering' } })).id;
  startup = (await prisma.topic.findUniqueOrThrow({ where: { slug: 'startup-vc' } })).id;
  const user = await signedInUser(gateway, {}, 'reader');
  userId = user.id;
  token = user.accessToken;
});
afterAll(async () => {
  await gateway?.close();
});

describe('visitors', () => {
  it('are asked to sign in for follows, read state, My feed and unread lists', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/me/follows'],
      ['POST', '/api/me/follows', { topic_id: engineering }],
      ['DELETE', '/api/me/follows', { topic_id: engineering }],
      ['POST', '/api/me/reads', { summary_ids: [UNKNOWN] }],
      ['DELETE', '/api/me/reads', { summary_ids: [UNKNOWN] }],
      ['POST', '/api/me/reads/all', {}],
      ['GET', '/api/me/unread-counts'],
    ] as const)
      expect((await call(method, url, payload, null)).statusCode, `${method} ${url}`).toBe(401);
    const feed = await call('GET', '/api/summaries?followed=true', undefined, null);
    expect(feed.statusCode).toBe(401);
    expect(feed.json().error.message).toBe(READING_MESSAGES.signInToFollow);
    const unread = await call('GET', '/api/summaries?unread=true', undefined, null);
    expect(unread.statusCode).toBe(401);
    expect(unread.json().error.message).toBe(READING_MESSAGES.signInForReadState);
    // A visitor's cards carry no read state.
    expect((await page('', null)).data[0]).not.toHaveProperty('read');
  });
});

describe('follows and My feed', () => {
  it('follows a topic and a source (twice keeps one); My feed lists only their summaries', async () => {
    const all = await page('page_size=100');
    const source = all.data.find((card) => card.datasource && card.topic?.id !== engineering)!.datasource!;
    expect((await call('POST', '/api/me/follows', { topic_id: engineering })).statusCode).toBe(200);
    await call('POST', '/api/me/follows', { topic_id: engineering });
    const after = await call('POST', '/api/me/follows', { datasource_id: source.id });
    expect(after.statusCode).toBe(200);
    const follows = after.json();
    expect(follows.topics.map((t: { slug: string }) => t.slug)).toEqual(['engineering']);
    expect(follows.datasources.map((d: { id: string }) => d.id)).toEqual([source.id]);
    expect((await call('GET', '/api/me/follows')).json()).toEqual(follows);

    const feed = await page('followed=true&page_size=100');
    expect(feed.data.length).toBeGreaterThan(0);
    expect(
      feed.data.every((card) => card.topic?.id === engineering || card.datasource?.id === source.id),
    ).toBe(true);
    // Everything of the window that matches is there: the topic's summaries and the source's.
    const expected = all.data.filter(
      (card) => card.topic?.id === engineering || card.datasource?.id === source.id,
    ).length;
    expect(feed.total).toBe(expected);
    expect(feed.data.some((card) => card.datasource?.id === source.id)).toBe(true);
    // Grouped by story, the same reader's feed holds only followed reports too.
    const grouped = await page('followed=true&group=story');
    expect(
      grouped.data.every((card) => card.topic?.id === engineering || card.datasource?.id === source.id),
    ).toBe(true);

    await call('DELETE', '/api/me/follows', { topic_id: engineering });
    const left = (await call('DELETE', '/api/me/follows', { datasource_id: source.id })).json();
    expect(left).toEqual({ topics: [], datasources: [] });
    // Following nothing: an empty feed, not everything.
    expect(await page('followed=true')).toMatchObject({ data: [], total: 0 });
  });

  it('answers bad or gone targets clearly and keeps nothing of them', async () => {
    const prisma = gateway.db.prisma;
    for (const payload of [
      {},
      { topic_id: engineering, datasource_id: UNKNOWN },
      { topic_id: 'engineering' },
      { topic_id: engineering, extra: 1 },
    ]) {
      const response = await call('POST', '/api/me/follows', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const both = await call('POST', '/api/me/follows', { topic_id: engineering, datasource_id: UNKNOWN });
    expect(both.body).toContain(READING_MESSAGES.followOne);

    const unknownTopic = await call('POST', '/api/me/follows', { topic_id: UNKNOWN });
    expect(unknownTopic.statusCode).toBe(404);
    expect(unknownTopic.json().error.message).toBe(READING_MESSAGES.topicGone);
    const unknownSource = await call('POST', '/api/me/follows', { datasource_id: UNKNOWN });
    expect(unknownSource.statusCode).toBe(404);
    expect(unknownSource.json().error.message).toBe(READING_MESSAGES.sourceGone);

    // An inactive topic cannot be followed; a followed source that is deleted leaves the list.
    const hidden = await prisma.topic.create({
      data: { slug: `hidden-${Date.now()}`, name: 'Hidden', isActive: false },
    });
    expect((await call('POST', '/api/me/follows', { topic_id: hidden.id })).statusCode).toBe(404);
    const doomed = await prisma.datasource.create({
      data: {
        topicId: startup,
        platform: 'blog',
        sourceName: 'Doomed blog',
        sourceUrl: `https://doomed.test/${Date.now()}.xml`,
      },
    });
    expect((await call('POST', '/api/me/follows', { datasource_id: doomed.id })).statusCode).toBe(200);
    await prisma.datasource.delete({ where: { id: doomed.id } });
    expect((await call('GET', '/api/me/follows')).json()).toEqual({ topics: [], datasources: [] });
    // Unfollowing what is gone is no error.
    expect((await call('DELETE', '/api/me/follows', { datasource_id: doomed.id })).statusCode).toBe(200);
  });
});

describe('read state', () => {
  it('marks read and unread; cards and the unread filter follow, removed ids are named', async () => {
    const first = await page('page_size=10');
    expect(first.data.every((card) => card.read === false)).toBe(true);
    const [a, b, c] = first.data;
    const marked = await call('POST', '/api/me/reads', {
      summary_ids: [a!.id, b!.id, a!.id.toUpperCase(), UNKNOWN],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ changed: 2, missing: [UNKNOWN] });
    // Twice: nothing changes.
    expect((await call('POST', '/api/me/reads', { summary_ids: [a!.id] })).json()).toEqual({
      changed: 0,
      missing: [],
    });

    const again = await page('page_size=10');
    expect(
      again.data
        .filter((card) => card.read)
        .map((card) => card.id)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
    const unread = await page('unread=true&page_size=100');
    expect(unread.data.map((card) => card.id)).not.toContain(a!.id);
    expect(unread.data.map((card) => card.id)).toContain(c!.id);
    expect(unread.total).toBe((await page('page_size=1')).total - 2);

    const unmarked = await call('DELETE', '/api/me/reads', { summary_ids: [a!.id, c!.id] });
    expect(unmarked.json()).toEqual({ changed: 1, missing: [] });
    expect((await page('unread=true&page_size=100')).data.map((card) => card.id)).toContain(a!.id);
    await call('DELETE', '/api/me/reads', { summary_ids: [b!.id] });
  });

  it("gives a YouTube channel's cards their read state too (none for a visitor)", async () => {
    const sources = (await call('GET', '/api/youtube/sources?language=en')).json().data as {
      source_name: string;
    }[];
    const channel = (name: string, as: string | null = token) =>
      call('GET', `/api/youtube/${encodeURIComponent(name)}/summaries`, undefined, as).then(
        (response) => response.json().data as Card[],
      );
    let name = '';
    let cards: Card[] = [];
    for (const source of sources) {
      name = source.source_name;
      cards = await channel(name);
      if (cards.length > 0) break;
    }
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.read === false)).toBe(true);
    await call('POST', '/api/me/reads', { summary_ids: [cards[0]!.id] });
    const after = await channel(name);
    expect(after.filter((card) => card.read).map((card) => card.id)).toEqual([cards[0]!.id]);
    expect((await channel(name, null))[0]).not.toHaveProperty('read');
    await call('DELETE', '/api/me/reads', { summary_ids: [cards[0]!.id] });
  });

  it('refuses malformed batches with 400 and stores nothing', async () => {
    const ids = Array.from(
      { length: READ_BATCH_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const payload of [
      { summary_ids: [] },
      { summary_ids: ['nope'] },
      { summary_ids: ids },
      {},
      { summary_ids: 'x' },
    ])
      expect((await call('POST', '/api/me/reads', payload)).statusCode).toBe(400);
    expect(await gateway.db.prisma.userRead.count({ where: { userId } })).toBe(0);
  });

  it('marks all as read for the current filter only, and counts what is left unread', async () => {
    const timezone = 'UTC';
    const before = (await call('GET', `/api/me/unread-counts?timezone=${timezone}`)).json();
    const engineeringUnread = before.topics.find(
      (t: { topic_id: string }) => t.topic_id === engineering,
    ).unread;
    expect(engineeringUnread).toBeGreaterThan(0);
    expect(before.total).toBe(
      before.topics.reduce((sum: number, t: { unread: number }) => sum + t.unread, 0),
    );

    const done = await call('POST', '/api/me/reads/all', { topic: engineering, timezone });
    expect(done.statusCode).toBe(200);
    expect(done.json().changed).toBe(engineeringUnread);
    expect(await page(`unread=true&topic=${engineering}&timezone=${timezone}`)).toMatchObject({ total: 0 });
    const startupLeft = await page(`unread=true&topic=${startup}&timezone=${timezone}`);
    expect(startupLeft.total).toBeGreaterThan(0);

    const after = (await call('GET', `/api/me/unread-counts?timezone=${timezone}`)).json();
    expect(after.topics.map((t: { topic_id: string }) => t.topic_id)).not.toContain(engineering);
    expect(after.total).toBe(before.total - engineeringUnread);
    // The counts agree with the list the reader sees (the free window starts yesterday, like the counts).
    expect(after.topics.find((t: { topic_id: string }) => t.topic_id === startup).unread).toBe(
      startupLeft.total,
    );

    // My feed's count: what is unread among the follows.
    await call('POST', '/api/me/follows', { topic_id: startup });
    const followed = (await call('GET', `/api/me/unread-counts?timezone=${timezone}`)).json().followed;
    expect(followed).toBe((await page(`unread=true&followed=true&timezone=${timezone}`)).total);
    await call('DELETE', '/api/me/follows', { topic_id: startup });

    expect((await call('POST', '/api/me/reads/all', { topic: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/me/reads/all', { date: '2001-01-01' })).statusCode).toBe(403);
  });

  it('marks all as read for a search, and for the favourites filters of a Pro reader', async () => {
    const reader = await signedInUser(gateway, { plan: 'pro' }, 'searcher');
    const as = reader.accessToken;
    const timezone = 'UTC';
    const all = await page(`page_size=50&timezone=${timezone}`, as);
    // The longest word of the first card's headline: the search finds some cards, not all.
    const word = (all.data[0] as Card & { headline: string }).headline
      .split(/[^\p{L}\p{N}]+/u)
      .sort((a, b) => b.length - a.length)[0]!;
    const q = encodeURIComponent(word);
    const searched = await page(`q=${q}&page_size=50&timezone=${timezone}`, as);
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.total).toBeLessThan(all.total);
    const done = await call('POST', '/api/me/reads/all', { q: word, timezone }, as);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().changed).toBe(searched.total);
    expect((await page(`q=${q}&unread=true&timezone=${timezone}`, as)).total).toBe(0);
    // What the search did not find stays unread.
    expect((await page(`unread=true&page_size=50&timezone=${timezone}`, as)).total).toBe(
      all.total - searched.total,
    );
    // Favourite summaries only: just the one saved.
    const saved = all.data.find((card) => !searched.data.some((hit) => hit.id === card.id))!;
    await gateway.db.prisma.userFavoriteSummary.create({ data: { userId: reader.id, summaryId: saved.id } });
    const favs = await call('POST', '/api/me/reads/all', { favorites_only: true, timezone }, as);
    expect(favs.json().changed).toBe(1);
    expect(
      await gateway.db.prisma.userRead.count({ where: { userId: reader.id, summaryId: saved.id } }),
    ).toBe(1);

    // The list's own refusals, nothing marked: a search too short, favourites on the free plan.
    const before = await gateway.db.prisma.userRead.count({ where: { userId } });
    expect((await call('POST', '/api/me/reads/all', { q: 'ai' })).statusCode).toBe(400);
    expect((await call('POST', '/api/me/reads/all', { q: '' })).statusCode).toBe(400);
    const free = await call('POST', '/api/me/reads/all', { favorite_sources_only: true });
    expect(free.statusCode).toBe(403);
    expect(await gateway.db.prisma.userRead.count({ where: { userId } })).toBe(before);
  });

  it('keeps the reading setting "mark read when scrolled past" per reader (off until set)', async () => {
    const reader = await signedInUser(gateway, {}, 'settings');
    const settings = (method: 'GET' | 'PATCH', payload?: object, as: string | null = reader.accessToken) =>
      gateway.app.inject({
        method,
        url: '/api/me/reading-settings',
        ...(payload ? { payload } : {}),
        headers: as ? bearer(as) : {},
      });
    expect((await settings('GET')).json()).toEqual({ mark_read_on_scroll: false });
    const saved = await settings('PATCH', { mark_read_on_scroll: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ mark_read_on_scroll: true });
    expect((await settings('GET')).json()).toEqual({ mark_read_on_scroll: true });
    // Another reader's setting is their own.
    expect((await settings('GET', undefined, token)).json()).toEqual({ mark_read_on_scroll: false });
    for (const bad of [{}, { mark_read_on_scroll: 'yes' }, { mark_read_on_scroll: true, other: 1 }]) {
      const refused = await settings('PATCH', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await settings('GET')).json()).toEqual({ mark_read_on_scroll: true });
    expect((await settings('GET', undefined, null)).statusCode).toBe(401);
    expect((await settings('PATCH', { mark_read_on_scroll: false }, null)).statusCode).toBe(401);
    // A still-valid token of an account deleted since: signed out, nothing stored.
    await gateway.db.prisma.user.delete({ where: { id: reader.id } });
    expect((await settings('PATCH', { mark_read_on_scroll: false })).statusCode).toBe(401);
    expect(await gateway.db.prisma.userProfile.count({ where: { id: reader.id } })).toBe(0);
  });

  it('signs out a deleted account instead of failing', async () => {
    const prisma = gateway.db.prisma;
    const gone = await signedInUser(gateway, {}, 'gone');
    const goneToken = gone.accessToken;
    const summary = (await page('page_size=1')).data[0]!;
    await prisma.user.delete({ where: { id: gone.id } });
    expect((await call('POST', '/api/me/reads', { summary_ids: [summary.id] }, goneToken)).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/me/follows', { topic_id: engineering }, goneToken)).statusCode).toBe(
      401,
    );
  });
});

describe('"For you" order', () => {
  type Ranked = Card & { reason: { kind: string; topic_id?: string } };
  const ids = (cards: Card[]) => cards.map((card) => card.id);

  it('gives visitors and readers with no history the date order, each card with a reason', async () => {
    const freshToken = (await signedInUser(gateway, {}, 'fresh')).accessToken;
    for (const as of [null, freshToken]) {
      const dated = await page('page_size=25', as);
      const forYou = (await page('order=for_you&page_size=25', as)) as unknown as { data: Ranked[] };
      expect(ids(forYou.data)).toEqual(ids(dated.data));
      expect(forYou.data.every((card) => ['recent', 'coverage'].includes(card.reason.kind))).toBe(true);
      // Grouped by story, each card is the date order's card whole (its story's reports, its read
      // mark), with its reason.
      const stories = await page('page_size=25&group=story', as);
      const ranked = (await page('order=for_you&page_size=25&group=story', as)) as unknown as {
        data: Ranked[];
      };
      expect(ranked.data.map(({ reason: _, ...card }) => card)).toEqual(stories.data);
    }
  });

  it('carries the read marks of grouped cards', async () => {
    const as = (await signedInUser(gateway, {}, 'marks')).accessToken;
    const before = (await page('order=for_you&page_size=5&group=story', as)).data;
    expect(before.every((card) => card.read === false)).toBe(true);
    await call('POST', '/api/me/reads', { summary_ids: [before[0]!.id] }, as);
    // A read card sinks below what is new: looked for on the first two pages.
    const after = [
      ...(await page('order=for_you&page_size=100&group=story', as)).data,
      ...(await page('order=for_you&page_size=100&page=2&group=story', as)).data,
    ];
    expect(after.filter((card) => card.read).map((card) => card.id)).toEqual([before[0]!.id]);
    // The window of stories is shared by readers of the same filters; the read marks are each one's own.
    const otherAs = (await signedInUser(gateway, {}, 'marks-other')).accessToken;
    const theirs = (await page('order=for_you&page_size=100&group=story', otherAs)).data;
    expect(ids(theirs)).toContain(before[0]!.id);
    expect(theirs.every((card) => card.read === false)).toBe(true);
  });

  it('puts what the reader follows first, says why, and never fills the top ten with one source', async () => {
    await call('POST', '/api/me/follows', { topic_id: startup });
    for (const group of ['', '&group=story']) {
      const top = ((await page(`order=for_you&page_size=10${group}`)) as unknown as { data: Ranked[] }).data;
      const followed = top.filter((card) => card.topic?.id === startup);
      const available = (await page(`topic=${startup}&page_size=10${group}`)).data.length;
      expect(followed.length).toBeGreaterThanOrEqual(Math.min(available, 6));
      expect(
        followed.every((card) => card.reason.kind === 'followed_topic' && card.reason.topic_id === startup),
      ).toBe(true);
      expect(new Set(top.map((card) => card.datasource?.id)).size).toBeGreaterThan(1);
      // Page two continues the same order without repeats.
      const second = (
        (await page(`order=for_you&page_size=10&page=2${group}`)) as unknown as { data: Ranked[] }
      ).data;
      expect(ids(second).filter((id) => ids(top).includes(id))).toEqual([]);
    }
    await call('DELETE', '/api/me/follows', { topic_id: startup });
  });

  it("weighs the topics of the reader's reads, whether or not a read row carries its summary's topic", async () => {
    const prisma = gateway.db.prisma;
    const engineeringCards = (await page(`topic=${engineering}&page_size=100`)).data;
    expect(engineeringCards.length).toBeGreaterThan(3);
    const readIds = engineeringCards.slice(0, 3).map((card) => card.id);
    const rankedFor = async (as: string) =>
      ((await page('order=for_you&page_size=10&group=story', as)) as unknown as { data: Ranked[] }).data;

    // Marked through the API: each row keeps its summary's topic and source beside it.
    const marker = await signedInUser(gateway, {}, 'reads-topic');
    await call('POST', '/api/me/reads', { summary_ids: readIds }, marker.accessToken);
    const stored = await prisma.userRead.findMany({ where: { userId: marker.id } });
    const summaries = await prisma.summary.findMany({ where: { id: { in: readIds } } });
    expect(stored.map((row) => [row.summaryId, row.topicId, row.datasourceId]).sort()).toEqual(
      summaries.map((s) => [s.id, s.topicId, s.datasourceId]).sort(),
    );
    const theirs = await rankedFor(marker.accessToken);
    expect(
      theirs.some((card) => card.reason.kind === 'read_topic' && card.reason.topic_id === engineering),
    ).toBe(true);

    // Rows stored without them (written before the columns existed) are weighed the same.
    const bare = await signedInUser(gateway, {}, 'reads-topic-bare');
    await prisma.userRead.createMany({
      data: stored.map((row) => ({ userId: bare.id, summaryId: row.summaryId, readAt: row.readAt })),
    });
    expect(await rankedFor(bare.accessToken)).toEqual(theirs);

    // Marking all of a filter as read stores them too.
    await call('POST', '/api/me/reads/all', { topic: engineering, timezone: 'UTC' }, marker.accessToken);
    const all = await prisma.userRead.findMany({ where: { userId: marker.id } });
    expect(all.length).toBeGreaterThan(readIds.length);
    expect(all.every((row) => row.topicId === engineering)).toBe(true);
  });

  it('refuses an unknown order with 400', async () => {
    expect((await call('GET', '/api/summaries?order=random')).statusCode).toBe(400);
  });
});
