import { type SqlRunner, seed } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeWindow } from '../src/lib/zoned-dates.ts';
import {
  type PageWindow,
  querySummaryPage,
  type SummaryFilters,
  summaryListSql,
} from '../src/modules/summaries/summaries.sql.ts';
import { queryStoryGroupPage, storyGroupSql } from '../src/modules/summaries/story-groups.sql.ts';

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demoSummaries: false });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // Enough rows, spread over a year, for the planner's costs to mean something.
  await client.query(`
    INSERT INTO summaries (id, headline, content, summary_type, language, source_urls, metadata,
                           datasource_id, topic_id, created_at, updated_at)
    SELECT gen_random_uuid(), 'Notes ' || i, CASE WHEN i % 500 = 0 THEN 'About zebracorns ' || i ELSE 'Body ' || i END, 'blog_post', 'EN', ARRAY['https://example.com/' || i],
           '{}'::jsonb, d.id, d.topic_id, now() - (i % 365) * interval '1 day' - (i % 97) * interval '1 minute', now()
    FROM generate_series(1, 20000) i
    CROSS JOIN LATERAL (SELECT id, topic_id FROM datasources ORDER BY id OFFSET i % 3 LIMIT 1) d`);
  // A busy last day (as on a live site): the free window then holds more rows than PostgreSQL's
  // default guess for a range of parameters, at any time of day. With only a few rows in it the
  // planner keeps planning each call, which costs little while the page itself is that cheap.
  await client.query(`
    INSERT INTO summaries (id, headline, content, summary_type, language, source_urls, metadata,
                           datasource_id, topic_id, created_at, updated_at)
    SELECT gen_random_uuid(), 'Today ' || i, 'Body ' || i, 'blog_post', 'EN', ARRAY['https://example.com/t/' || i],
           '{}'::jsonb, d.id, d.topic_id, now() - (i % 1440) * interval '1 minute', now()
    FROM generate_series(1, 400) i
    CROSS JOIN LATERAL (SELECT id, topic_id FROM datasources ORDER BY id OFFSET i % 3 LIMIT 1) d`);
  await client.query('ANALYZE');
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

/** Runs statements on the test's one connection, as the repository's runner does on its pool. */
const run: SqlRunner = async (statement) => (await client.query(statement)).rows;

/** The statements of a page without a search term. */
function listSql(f: SummaryFilters, page: PageWindow) {
  const sql = summaryListSql(f, page);
  if (sql.search) throw new Error('a search');
  return sql;
}

/** Runs a named statement `times` times on one connection and reads PostgreSQL's plan counts for it. */
async function planCounts(statement: { name?: string; text: string; values: unknown[] }, times: number) {
  if (!statement.name) throw new Error('statement is not named');
  for (let i = 0; i < times; i++) await client.query(statement);
  const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
    'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
    [statement.name],
  );
  return { generic: Number(rows[0]?.generic_plans), custom: Number(rows[0]?.custom_plans) };
}

describe('summary list statements', () => {
  it('plan a list page once per connection: PostgreSQL settles on the generic plan', async () => {
    const window = freeWindow(new Date(), 'America/Los_Angeles');
    const visitor = listSql(
      { language: 'EN', from: window.from, to: window.to },
      { limit: 25, offset: 0, cap: 1000 },
    );
    // Five custom plans first (PostgreSQL's rule), then the generic one for good.
    expect(await planCounts(visitor.rows, 12)).toEqual({ generic: 7, custom: 5 });
    const archivePage3 = listSql({ language: 'EN' }, { limit: 25, offset: 50, cap: 1000 });
    expect(await planCounts(archivePage3.rows, 12)).toEqual({ generic: 7, custom: 5 });
    expect(await planCounts(archivePage3.count, 12)).toEqual({ generic: 7, custom: 5 });
  });

  it('name only the first pages of the default size, and never a search', () => {
    const page = (n: number, limit = 25) =>
      listSql({ language: 'EN' }, { limit, offset: (n - 1) * limit, cap: 1000 }).rows;
    expect(page(5).name).toBeDefined();
    expect(page(6).name).toBeUndefined();
    expect(page(1, 100).name).toBeUndefined();
    expect(page(2).name).not.toBe(page(1).name);
    const search = summaryListSql({ language: 'EN', q: 'zebra' }, { limit: 25, offset: 0, cap: 200 });
    expect(search.search && search.matches.name).toBeUndefined();
  });

  it('write the page numbers into the text only as integers', () => {
    expect(() => summaryListSql({ language: 'EN' }, { limit: 25, offset: 1.5, cap: 1000 })).toThrow(
      /not a row count/,
    );
    expect(() => summaryListSql({ language: 'EN' }, { limit: -1, offset: 0, cap: 1000 })).toThrow(
      /not a row count/,
    );
  });

  it('page a search from its matches, then fetch the page by id with one prepared statement', async () => {
    const f: SummaryFilters = { language: 'EN', q: 'zebracorns' };
    // 40 rows match; page 2 of 25 holds the last 15, newest first, with the same order as the SQL's.
    const first = await querySummaryPage(run, f, { limit: 25, offset: 0, cap: 200 });
    const second = await querySummaryPage(run, f, { limit: 25, offset: 25, cap: 200 });
    expect([first.total, second.total]).toEqual([40, 40]);
    expect([first.rows.length, second.rows.length]).toEqual([25, 15]);
    const all = [...first.rows, ...second.rows];
    const expected = await client.query<{ id: string }>(
      `SELECT id FROM summaries WHERE content LIKE 'About zebracorns%' ORDER BY created_at DESC, id DESC`,
    );
    expect(all.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));
    expect(all[0]).toMatchObject({ headline: expect.stringMatching(/^Notes /), ds_id: expect.any(String) });
    // Past the end: no rows, the count still there; capped below the matches: the cap plus one.
    expect(await querySummaryPage(run, f, { limit: 25, offset: 50, cap: 200 })).toEqual({
      rows: [],
      total: 40,
      planHeld: true,
    });
    expect((await querySummaryPage(run, f, { limit: 25, offset: 0, cap: 10 })).total).toBe(11);
    // The fetch by ids is planned once per connection too.
    for (let i = 0; i < 6; i++) await querySummaryPage(run, f, { limit: 25, offset: 0, cap: 200 });
    const { rows } = await client.query<{ generic_plans: string }>(
      `SELECT generic_plans FROM pg_prepared_statements WHERE name = 'summaries-by-ids'`,
    );
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
  });

  it('answer a checked page only while user_profiles holds the plan it was built for', async () => {
    const user = await db.prisma.user.create({
      data: {
        email: 'plan-check@example.com',
        passwordHash: 'x',
        profile: { create: { subscriptionType: 'free' } },
      },
    });
    const free = { userId: user.id, pro: false };
    const pro = { userId: user.id, pro: true };
    const list: SummaryFilters = { language: 'EN' };
    const search: SummaryFilters = { language: 'EN', q: 'zebracorns' };
    const none: SummaryFilters = { language: 'ZH' };
    const window = { limit: 25, offset: 0, cap: 200 };
    const unchecked = await querySummaryPage(run, list, window);
    expect(await querySummaryPage(run, list, window, free)).toEqual(unchecked);
    expect((await querySummaryPage(run, search, window, free)).rows).toHaveLength(25);
    // Held with nothing to show: no rows, and still held.
    expect(await querySummaryPage(run, none, window, free)).toEqual({ rows: [], total: 0, planHeld: true });
    // Not the plan in the table: nothing read.
    for (const f of [list, search, none])
      expect(await querySummaryPage(run, f, window, pro)).toEqual({ rows: [], total: 0, planHeld: false });
    await db.prisma.userProfile.update({ where: { id: user.id }, data: { subscriptionType: 'pro' } });
    expect((await querySummaryPage(run, list, window, pro)).planHeld).toBe(true);
    expect((await querySummaryPage(run, list, window, free)).planHeld).toBe(false);
    // An admin counts as pro; no profile row at all holds no plan.
    await db.prisma.userProfile.update({
      where: { id: user.id },
      data: { subscriptionType: 'free', role: 'admin' },
    });
    expect((await querySummaryPage(run, search, window, pro)).planHeld).toBe(true);
    await db.prisma.userProfile.delete({ where: { id: user.id } });
    expect((await querySummaryPage(run, list, window, free)).planHeld).toBe(false);
    expect((await querySummaryPage(run, search, window, free)).planHeld).toBe(false);
  });
});

describe('summary list statements grouped by story', () => {
  const window = () => freeWindow(new Date(), 'America/Los_Angeles');

  beforeAll(async () => {
    // 100 stories of the busy day's rows: 'Today i' belongs to story i % 100 (four members each).
    await client.query(`
      INSERT INTO stories (id, headline, language, summary_count, first_seen_at, last_seen_at, updated_at)
      SELECT gen_random_uuid(), 'Story ' || g, 'EN', 4, now(), now(), now() FROM generate_series(0, 99) g`);
    await client.query(`
      UPDATE summaries s SET story_id = st.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS g FROM stories) st
      WHERE s.headline LIKE 'Today %' AND substring(s.headline FROM 7)::int % 100 = st.g`);
    await client.query('ANALYZE summaries');
  });

  /** The same page worked out in JavaScript from the plain matching rows, newest first. */
  async function expectedPage(from: Date, to: Date, cap: number, limit: number, offset: number) {
    const { rows } = await client.query<{ id: string; story_id: string | null }>(
      `SELECT id, story_id FROM summaries WHERE language = 'EN' AND created_at >= $1 AND created_at <= $2
       ORDER BY created_at DESC, id DESC LIMIT $3`,
      [from, to, cap + 1],
    );
    const seen = new Map<string, { id: string; n: number }>();
    for (const row of rows) {
      const key = row.story_id ?? row.id;
      const entry = seen.get(key);
      if (entry) entry.n++;
      else seen.set(key, { id: row.id, n: 1 });
    }
    const groups = [...seen.values()];
    return { total: groups.length, matches: rows.length, page: groups.slice(offset, offset + limit) };
  }

  it('give one row per story, the newest member first, counting stories and matches', async () => {
    const { from, to } = window();
    const f: SummaryFilters = { language: 'EN', from, to };
    for (const [cap, offset] of [
      [1000, 0],
      [1000, 25],
      [150, 0],
    ] as const) {
      const got = await queryStoryGroupPage(run, f, { limit: 25, offset, cap });
      const want = await expectedPage(from, to, cap, 25, offset);
      expect([got.total, got.matches]).toEqual([want.total, want.matches]);
      expect(got.rows.map((row) => [row.id, row.story_sources])).toEqual(want.page.map((g) => [g.id, g.n]));
      for (const row of got.rows) expect(row.story_members).toHaveLength(row.story_sources);
    }
  });

  it('read at most the window through an index, and plan once per connection', async () => {
    const { from, to } = window();
    const statement = storyGroupSql({ language: 'EN', from, to }, { limit: 25, offset: 0, cap: 1000 });
    // The visitor's two days and a Pro reader's whole archive (the window's 1001 newest of 20 400 rows).
    const archive = storyGroupSql({ language: 'EN' }, { limit: 25, offset: 25, cap: 1000 });
    for (const sql of [statement, archive]) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>({
        text: `EXPLAIN (ANALYZE, FORMAT TEXT) ${sql.text}`,
        values: sql.values,
      });
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on summaries/);
      expect(plan).toMatch(
        /Index (Only )?Scan (Backward )?(using|on) summaries_\w+ (on summaries )?s\b|Bitmap Index Scan on summaries_/,
      );
    }
    // Five custom plans (the test above may have run it once), then the generic one for good.
    const counts = await planCounts(statement, 12);
    expect(counts.custom).toBe(5);
    expect(counts.generic).toBeGreaterThanOrEqual(7);
    // A search plans per call; later pages are not named.
    expect(
      storyGroupSql({ language: 'EN', q: 'zebracorns' }, { limit: 25, offset: 0, cap: 200 }).name,
    ).toBeUndefined();
    expect(storyGroupSql({ language: 'EN' }, { limit: 25, offset: 125, cap: 1000 }).name).toBeUndefined();
  });

  it('group a search and answer a checked page only while the plan holds', async () => {
    const f: SummaryFilters = { language: 'EN', q: 'zebracorns' };
    const page = await queryStoryGroupPage(run, f, { limit: 25, offset: 0, cap: 200 });
    // None of the matches is clustered: 40 stories of one.
    expect([page.total, page.matches, page.rows.length]).toEqual([40, 40, 25]);
    expect(page.rows.every((row) => row.story_sources === 1 && row.story_members.length === 1)).toBe(true);
    const user = await db.prisma.user.create({
      data: { email: 'group-check@example.com', passwordHash: 'x', profile: { create: {} } },
    });
    const held = await queryStoryGroupPage(
      run,
      f,
      { limit: 25, offset: 0, cap: 200 },
      { userId: user.id, pro: false },
    );
    expect(held.planHeld).toBe(true);
    expect(held.rows.map((row) => row.id)).toEqual(page.rows.map((row) => row.id));
    expect(
      await queryStoryGroupPage(
        run,
        { language: 'EN' },
        { limit: 25, offset: 0, cap: 1000 },
        { userId: user.id, pro: true },
      ),
    ).toEqual({ rows: [], total: 0, matches: 0, planHeld: false });
  });
});
