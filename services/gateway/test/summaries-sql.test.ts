import { seed } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeWindow } from '../src/lib/zoned-dates.ts';
import { summaryListSql } from '../src/repositories/summaries.sql.ts';

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
    SELECT gen_random_uuid(), 'Notes ' || i, 'Body ' || i, 'blog_post', 'EN', ARRAY['https://example.com/' || i],
           '{}'::jsonb, d.id, d.topic_id, now() - (i % 365) * interval '1 day' - (i % 97) * interval '1 minute', now()
    FROM generate_series(1, 20000) i
    CROSS JOIN LATERAL (SELECT id, topic_id FROM datasources ORDER BY id OFFSET i % 3 LIMIT 1) d`);
  await client.query('ANALYZE');
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

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
    const visitor = summaryListSql(
      { language: 'EN', from: window.from, to: window.to },
      { limit: 25, offset: 0, cap: 1000 },
    );
    // Five custom plans first (PostgreSQL's rule), then the generic one for good.
    expect(await planCounts(visitor.rows, 12)).toEqual({ generic: 7, custom: 5 });
    const archivePage3 = summaryListSql({ language: 'EN' }, { limit: 25, offset: 50, cap: 1000 });
    expect(await planCounts(archivePage3.rows, 12)).toEqual({ generic: 7, custom: 5 });
    expect(await planCounts(archivePage3.count, 12)).toEqual({ generic: 7, custom: 5 });
  });

  it('name only the first pages of the default size, and never a search', () => {
    const page = (n: number, limit = 25) =>
      summaryListSql({ language: 'EN' }, { limit, offset: (n - 1) * limit, cap: 1000 }).rows;
    expect(page(5).name).toBeDefined();
    expect(page(6).name).toBeUndefined();
    expect(page(1, 100).name).toBeUndefined();
    expect(page(2).name).not.toBe(page(1).name);
    expect(
      summaryListSql({ language: 'EN', q: 'zebra' }, { limit: 25, offset: 0, cap: 200 }).rows.name,
    ).toBeUndefined();
  });

  it('write the page numbers into the text only as integers', () => {
    expect(() => summaryListSql({ language: 'EN' }, { limit: 25, offset: 1.5, cap: 1000 })).toThrow(
      /not a row count/,
    );
    expect(() => summaryListSql({ language: 'EN' }, { limit: -1, offset: 0, cap: 1000 })).toThrow(
      /not a row count/,
    );
  });
});
