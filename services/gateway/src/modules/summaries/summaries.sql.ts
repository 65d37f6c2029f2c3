import { createHash } from 'node:crypto';
import { SUMMARY_PAGE_SIZE } from '@app/contracts';
import {
  type Language,
  Prisma,
  platformFromId,
  type SqlRunner,
  type SqlStatement,
  summaryTextMatch,
} from '@app/db';

/** Everything the list query filters on, already resolved (dates as instants, language as data). */
export type SummaryFilters = {
  language: Language;
  from?: Date;
  to?: Date;
  q?: string;
  topicId?: string;
  platforms?: string[];
  /** Resolved to `datasourceIds` by the repository (see resolveSources in summaries.repository.ts). */
  sourceName?: string;
  favoritesOfUser?: string;
  /** Resolved to `datasourceIds` by the repository, like `sourceName`. */
  favoriteSourcesOfUser?: string;
  /** Only what this user follows (My feed): resolved to `followed` by the repository. */
  followedBy?: string;
  /** The topics and datasources `followedBy` follows, looked up first like `datasourceIds`. */
  followed?: { topicIds: string[]; datasourceIds: string[] };
  /** Only summaries this user has not read. */
  unreadBy?: string;
  /**
   * The datasources a source or favourite-sources filter stands for, looked up first: as literal ids
   * the planner walks the (datasource_id, language, created_at) index, where a subquery let the
   * prepared plan scan the language's rows newest first looking for them (seconds at 1M rows for a
   * source with few rows in the language).
   */
  datasourceIds?: string[];
};

export const SUMMARY_COLUMNS = Prisma.sql`
  s.id, s.headline, s.content, s.summary_type::text AS summary_type, s.language::text AS language,
  s.created_at, s.source_urls, s.metadata,
  t.id AS topic_id, t.name AS topic_name, t.name_zh AS topic_name_zh,
  d.id AS ds_id, d.source_name AS ds_source_name, d.platform::text AS ds_platform, d.source_url AS ds_source_url,
  s.story_id, st.summary_count AS story_size`;

export const SUMMARY_JOINS = Prisma.sql`
  LEFT JOIN topics t ON t.id = s.topic_id
  LEFT JOIN datasources d ON d.id = s.datasource_id
  LEFT JOIN stories st ON st.id = s.story_id`;

export function summaryWhere(f: SummaryFilters): Prisma.Sql {
  const conds: Prisma.Sql[] = [Prisma.sql`s.language = ${f.language}::"Language"`];
  if (f.from) conds.push(Prisma.sql`s.created_at >= ${f.from}`);
  if (f.to) conds.push(Prisma.sql`s.created_at <= ${f.to}`);
  if (f.topicId) conds.push(Prisma.sql`s.topic_id = ${f.topicId}::uuid`);
  // Datasources are few: their ids feed the (datasource_id, language, created_at) index. Compared as the enum, not
  // as text, so the planner sees how many sources match: with platform::text it guessed 3 of 58 and chose
  // a nested loop that re-ran the search index scan per source (84 ms instead of 0.7 ms at 1M rows).
  if (f.platforms?.length) {
    const platforms = f.platforms.filter((p) => platformFromId(p) !== null);
    conds.push(
      Prisma.sql`s.datasource_id IN (SELECT id FROM datasources WHERE platform = ANY(${platforms}::"Platform"[]))`,
    );
  }
  if (f.datasourceIds) {
    conds.push(
      f.datasourceIds.length === 1
        ? Prisma.sql`s.datasource_id = ${f.datasourceIds[0]}::uuid`
        : Prisma.sql`s.datasource_id = ANY(${f.datasourceIds}::uuid[])`,
    );
  }
  if (f.favoritesOfUser) {
    conds.push(
      Prisma.sql`s.id IN (SELECT summary_id FROM user_favorite_summaries WHERE user_id = ${f.favoritesOfUser}::uuid)`,
    );
  }
  if (f.followed) {
    const { topicIds, datasourceIds } = f.followed;
    conds.push(
      Prisma.sql`(s.topic_id = ANY(${topicIds}::uuid[]) OR s.datasource_id = ANY(${datasourceIds}::uuid[]))`,
    );
  }
  if (f.unreadBy) {
    conds.push(
      Prisma.sql`NOT EXISTS (SELECT 1 FROM user_reads r WHERE r.user_id = ${f.unreadBy}::uuid AND r.summary_id = s.id)`,
    );
  }
  if (f.q) conds.push(summaryTextMatch(f.q, f.language, 's'));
  return Prisma.join(conds, ' AND ');
}

/** The page window: rows to return, rows to skip, and the count's cap (total_capped past it). */
export type PageWindow = { limit: number; offset: number; cap: number };

/**
 * The plan a signed-in caller's page was built for (the date window and favourites depend on it). The
 * page's first statement answers only if user_profiles still says so, in the same snapshot: the plan is
 * read on every request without a round trip of its own.
 */
export type PlanCheck = { userId: string; pro: boolean };

export const planHolds = (check: PlanCheck) =>
  Prisma.sql`u.id = ${check.userId}::uuid
    AND (u.role = 'admin' OR u.subscription_type = 'pro') = ${Prisma.raw(check.pro ? 'true' : 'false')}`;

/**
 * The statements of one list page.
 *
 * Without a search term, one statement: the rows (newest first), each carrying the match count capped at
 * the fetch window (an uncorrelated subquery, so PostgreSQL counts once), so a page costs the same at a
 * thousand rows or a million and takes one round trip. `count` alone is for a page that came back
 * empty after an offset (past the end). The statements of the first pages are named (prepared once per
 * connection): planning was two thirds of the database's time for a visitor's page, and the generic
 * plans of these shapes were measured as good as or better than custom ones at 1M rows. The page's
 * numbers (limit, offset, cap) are written into the text: as parameters, the planner costs an unknown
 * LIMIT as a tenth of the matching rows, so the generic plan looked dearer than every custom one and
 * PostgreSQL kept planning each call anyway. Later pages and other page sizes, rarely asked for, stay
 * unnamed rather than add a prepared statement per page to every connection.
 *
 * A search finds its matches once (the costly part: the text index and its recheck) and returns the
 * page's ids with the capped count; the rows then come from summariesByIdsSql. The match keeps a plan
 * per call, which depends on how common the term is, and it plans in a fraction of the time the whole
 * page did (its joins were most of a search's planning: 0.3-0.4 ms of about 1.2 ms of database time);
 * the fetch by ids is prepared.
 */
export function summaryListSql(
  f: SummaryFilters,
  page: PageWindow,
  check?: PlanCheck,
): { search: false; rows: SqlStatement; count: SqlStatement } | { search: true; matches: SqlStatement } {
  const where = summaryWhere(f);
  const limit = integer(page.limit);
  const offset = integer(page.offset);
  if (f.q) {
    const matches = Prisma.sql`WITH m AS MATERIALIZED (
        SELECT s.id, s.created_at FROM summaries s WHERE ${where}
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(Math.max(page.cap + 1, page.offset + page.limit))})
      SELECT (SELECT least(count(*), ${integer(page.cap + 1)})::int FROM m) AS total,
        ARRAY(SELECT id FROM m ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS ids
      ${check ? Prisma.sql`FROM user_profiles u WHERE ${planHolds(check)}` : Prisma.empty}`;
    return { search: true, matches: { text: matches.text, values: matches.values } };
  }
  const count = Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM summaries s WHERE ${where} LIMIT ${integer(page.cap + 1)}) x`;
  const page1 = Prisma.sql`SELECT ${SUMMARY_COLUMNS}, (${count}) AS total FROM summaries s ${SUMMARY_JOINS}
      WHERE ${where} ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`;
  // Checked: no row at all when the plan differs; one row of nulls when it holds and the page is empty.
  const rows = check
    ? Prisma.sql`SELECT l.* FROM (SELECT 1 FROM user_profiles u WHERE ${planHolds(check)}) c
      LEFT JOIN LATERAL (${page1}) l ON true ORDER BY l.created_at DESC, l.id DESC`
    : page1;
  const prepared = page.limit <= SUMMARY_PAGE_SIZE && page.offset < PREPARED_PAGES * SUMMARY_PAGE_SIZE;
  const statement = (sql: Prisma.Sql): SqlStatement =>
    prepared
      ? { name: `summaries-${hashOf(sql.text)}`, text: sql.text, values: sql.values }
      : { text: sql.text, values: sql.values };
  return { search: false, rows: statement(rows), count: statement(count) };
}

const BY_IDS = Prisma.sql`SELECT ${SUMMARY_COLUMNS} FROM summaries s ${SUMMARY_JOINS}
  WHERE s.id = ANY($1::uuid[]) ORDER BY s.created_at DESC, s.id DESC`;

/** The rows of a search page, newest first, by id (one prepared statement whatever the filters). */
export function summariesByIdsSql(ids: string[]): SqlStatement {
  return { name: 'summaries-by-ids', text: BY_IDS.text, values: [ids] };
}

/**
 * One list page, run with `run`: the repository's pool, or the bench's plain pg pool when it times the
 * same SQL without the API. With `check`, `planHeld` says whether the caller's plan was as assumed;
 * when it was not, nothing was read and the caller asks again with the plan it now reads.
 */
export async function querySummaryPage(
  run: SqlRunner,
  f: SummaryFilters,
  page: PageWindow,
  check?: PlanCheck,
): Promise<{ rows: SummaryRow[]; total: number; planHeld: boolean }> {
  const sql = summaryListSql(f, page, check);
  if (sql.search) {
    const [hit] = await run<{ total: number; ids: string[] }>(sql.matches);
    if (!hit) return { rows: [], total: 0, planHeld: !check };
    const rows = hit.ids.length > 0 ? await run<SummaryRow>(summariesByIdsSql(hit.ids)) : [];
    return { rows, total: hit.total, planHeld: true };
  }
  const answer = await run<SummaryRow & { total: number }>(sql.rows);
  if (check && answer.length === 0) return { rows: [], total: 0, planHeld: false };
  const rows = check ? answer.filter((row) => row.id !== null) : answer;
  // No row to carry the count: nothing matched, unless the page lies past the end (or was empty).
  const total =
    rows[0]?.total ??
    (page.offset > 0 || page.limit === 0 ? ((await run<{ n: number }>(sql.count))[0]?.n ?? 0) : 0);
  return { rows, total, planHeld: true };
}

/** Pages whose statements are prepared per connection (see summaryListSql). */
export const PREPARED_PAGES = 5;

/** A page number written into the statement's text: only ever a non-negative safe integer. */
/**
 * The ids among `ids` the reader has read, as a subquery's rows (`id`, text): one key lookup per id (a
 * subquery per id, which the planner cannot turn into a join), so the cost does not grow with how
 * much the reader has read, as a scan of the reader's reads filtered by the ids did.
 */
export function readAmongSql(readerId: string, ids: readonly string[]): Prisma.Sql {
  return Prisma.sql`SELECT c.id::text AS id FROM unnest(${ids}::uuid[]) AS c(id)
    WHERE (SELECT true FROM user_reads ur WHERE ur.user_id = ${readerId}::uuid AND ur.summary_id = c.id)`;
}

export function integer(n: number): Prisma.Sql {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return Prisma.raw(String(n));
}

const names = new Map<string, string>();
/** A short stable name per statement text (a handful of filter combinations). */
export function hashOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = createHash('sha1').update(text).digest('base64url').slice(0, 16);
    names.set(text, name);
  }
  return name;
}

export type SummaryRow = {
  id: string;
  headline: string;
  content: string;
  summary_type: string;
  language: 'EN' | 'ZH';
  created_at: Date;
  source_urls: string[];
  metadata: Record<string, unknown> | null;
  topic_id: string | null;
  topic_name: string | null;
  topic_name_zh: string | null;
  ds_id: string | null;
  ds_source_name: string | null;
  ds_platform: string | null;
  story_id: string | null;
  story_size: number | null;
  ds_source_url: string | null;
};
