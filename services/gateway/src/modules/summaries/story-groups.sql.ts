import { STORY_MEMBERS_SHOWN, type StoryMatch, SUMMARY_PAGE_SIZE } from '@app/contracts';
import { Prisma, type SqlRunner, type SqlStatement } from '@app/db';
import {
  hashOf,
  integer,
  type PageWindow,
  type PlanCheck,
  PREPARED_PAGES,
  planHolds,
  readAmongSql,
  type SummaryFilters,
  type SummaryRow,
  summariesByIdsSql,
  summaryWhere,
} from './summaries.sql.ts';

/**
 * One page of the list grouped by story (group=story): the matching summaries of the fetch window
 * (newest first, the cap plus one, as the plain list counts them), one row per story among them
 * (DISTINCT ON the story, or the summary itself when not clustered; the newest member stands for it),
 * and for the page's stories only, their matching members with their sources. The window keeps the
 * cost of a page that of reading at most cap + 1 index entries and rows, whatever the table's size.
 *
 * Like a search page, the statement returns the page's ids; the rows come from summariesByIdsSql.
 * Without a search term the first pages are named (prepared once per connection), as the plain list's.
 */
export function storyGroupSql(
  f: SummaryFilters,
  page: PageWindow,
  check?: PlanCheck,
  candidates?: boolean,
): SqlStatement {
  const where = summaryWhere(f);
  // The page's ids, or (candidates) what ranking them needs: a few short columns, so a ranked page of
  // the window's stories reads no summary's text until the page is chosen.
  const pageRows = candidates
    ? Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'headline', s.headline,
          'language', s.language::text, 'created_at', s.created_at, 'topic_id', s.topic_id,
          'datasource_id', s.datasource_id, 'story_id', s.story_id, 'story_size', st.summary_count)
          ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
        FROM p JOIN summaries s ON s.id = p.id LEFT JOIN stories st ON st.id = s.story_id) AS candidates`
    : Prisma.sql`ARRAY(SELECT id FROM p ORDER BY created_at DESC, id DESC) AS ids`;
  const sql = Prisma.sql`WITH m AS MATERIALIZED (
      SELECT s.id, s.created_at, s.story_id, s.datasource_id FROM summaries s WHERE ${where}
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(page.cap + 1)}
    ), r AS MATERIALIZED (
      SELECT DISTINCT ON (coalesce(story_id, id)) id, created_at, story_id FROM m
      ORDER BY coalesce(story_id, id), created_at DESC, id DESC
    ), p AS MATERIALIZED (
      SELECT id, created_at, story_id FROM r ORDER BY created_at DESC, id DESC
      LIMIT ${integer(page.limit)} OFFSET ${integer(page.offset)}
    ), k AS (
      SELECT m.id, m.story_id, m.datasource_id,
        row_number() OVER (PARTITION BY m.story_id ORDER BY m.created_at DESC, m.id DESC) AS rn,
        count(*) OVER (PARTITION BY m.story_id) AS n
      FROM m WHERE m.story_id IN (SELECT story_id FROM p WHERE story_id IS NOT NULL)
    )
    SELECT (SELECT count(*)::int FROM m) AS matches, (SELECT count(*)::int FROM r) AS total,
      ${pageRows},
      (SELECT coalesce(json_agg(json_build_object('story_id', k.story_id, 'n', k.n, 'id', k.id,
          'source_name', d.source_name, 'platform', d.platform::text) ORDER BY k.story_id, k.rn), '[]'::json)
        FROM k LEFT JOIN datasources d ON d.id = k.datasource_id
        WHERE k.rn <= ${integer(STORY_MEMBERS_SHOWN)}) AS members
    ${check ? Prisma.sql`FROM user_profiles u WHERE ${planHolds(check)}` : Prisma.empty}`;
  const prepared =
    !f.q &&
    (candidates === true ||
      (page.limit <= SUMMARY_PAGE_SIZE && page.offset < PREPARED_PAGES * SUMMARY_PAGE_SIZE));
  return prepared
    ? { name: `stories-${hashOf(sql.text)}`, text: sql.text, values: sql.values }
    : { text: sql.text, values: sql.values };
}

type GroupMember = {
  story_id: string;
  n: number;
  id: string;
  source_name: string | null;
  platform: string | null;
};
type GroupAnswer = { matches: number; total: number; ids: string[]; members: GroupMember[] };

export type StoryGroupRow = SummaryRow & { story_sources: number; story_members: StoryMatch[] };

/** The window's members of each story on the page: how many, and the first STORY_MEMBERS_SHOWN. */
export type StoryMembers = Map<string, { n: number; members: StoryMatch[] }>;

function membersByStory(members: GroupMember[]): StoryMembers {
  const byStory: StoryMembers = new Map();
  for (const m of members) {
    const entry = byStory.get(m.story_id) ?? { n: Number(m.n), members: [] };
    entry.members.push({ id: m.id, source_name: m.source_name, platform: m.platform });
    byStory.set(m.story_id, entry);
  }
  return byStory;
}

/** The rows of `ids` (in their order) as grouped rows, each with its story's members in the window. */
export async function storyRowsOf(
  run: SqlRunner,
  ids: string[],
  byStory: StoryMembers,
): Promise<StoryGroupRow[]> {
  if (ids.length === 0) return [];
  const rows = await run<SummaryRow>(summariesByIdsSql(ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((row) => {
      const story = row.story_id ? byStory.get(row.story_id) : undefined;
      return {
        ...row,
        story_sources: story?.n ?? 1,
        story_members: story?.members ?? [
          { id: row.id, source_name: row.ds_source_name, platform: row.ds_platform },
        ],
      };
    });
}

/**
 * A grouped page run with `run`: `total` counts stories, `matches` summaries (both within the window).
 * With `check`, nothing is read unless user_profiles holds the plan (planHeld false), as for the list.
 */
export async function queryStoryGroupPage(
  run: SqlRunner,
  f: SummaryFilters,
  page: PageWindow,
  check?: PlanCheck,
): Promise<{ rows: StoryGroupRow[]; total: number; matches: number; planHeld: boolean }> {
  const [answer] = await run<GroupAnswer>(storyGroupSql(f, page, check));
  if (!answer) return { rows: [], total: 0, matches: 0, planHeld: false };
  return {
    rows: await storyRowsOf(run, answer.ids, membersByStory(answer.members)),
    total: answer.total,
    matches: answer.matches,
    planHeld: true,
  };
}

/** A story of the window as "For you" ranks it: its newest matching summary, without its text. */
export type StoryCandidateRow = {
  id: string;
  headline: string;
  language: 'EN' | 'ZH';
  created_at: string;
  topic_id: string | null;
  datasource_id: string | null;
  story_id: string | null;
  story_size: number | null;
};

/** A window of candidates, the same for every reader who asks with the same filters. */
export type CandidateWindow = {
  candidates: StoryCandidateRow[];
  members: StoryMembers;
  total: number;
  matches: number;
};

/** Where candidate windows are kept between requests (see createAnswerCache). */
export type CandidateWindows = {
  get(key: string, load: () => Promise<CandidateWindow>): Promise<CandidateWindow>;
};

/**
 * The reader's read marks among `ids`, and (with `check`) whether their plan still holds: no row when
 * it does not, as for the list's statements (readAmongSql: one key lookup per id). `alongside`: more
 * columns of the reader's own to read in the same round trip (the reader's history, for "For you").
 */
function readMarksSql(
  readerId: string | null,
  ids: string[],
  check?: PlanCheck,
  alongside?: Prisma.Sql,
): SqlStatement {
  const marks = readerId ? Prisma.sql`ARRAY(${readAmongSql(readerId, ids)})` : Prisma.sql`ARRAY[]::text[]`;
  const sql = Prisma.sql`SELECT ${marks} AS read${alongside ? Prisma.sql`, ${alongside}` : Prisma.empty}
    ${check ? Prisma.sql`FROM user_profiles u WHERE ${planHolds(check)}` : Prisma.empty}`;
  return { name: `for-you-marks-${hashOf(sql.text)}`, text: sql.text, values: sql.values };
}

/** A window with the reader's read marks among its candidates and what was read alongside them. */
export type ReaderCandidates<A> = CandidateWindow & {
  read: ReadonlySet<string>;
  along: A | null;
  planHeld: boolean;
};

/**
 * The window's stories (page.limit of them, newest first) as candidates to rank, the reader's read
 * marks among them, and each story's members in the window; the chosen page's rows are then read with
 * storyRowsOf. The window does not depend on the reader: it comes from `windows` (kept for a few
 * seconds, shared by every reader of the same filters) and only the read marks, the plan check and the
 * `alongside` columns (`along`, null when no statement ran) are read per request, in one small
 * statement. planHeld as for queryStoryGroupPage.
 */
export async function queryStoryCandidates<A extends object>(
  run: SqlRunner,
  windows: CandidateWindows,
  f: SummaryFilters,
  page: PageWindow,
  readerId: string | null,
  check?: PlanCheck,
  alongside?: Prisma.Sql,
): Promise<ReaderCandidates<A>> {
  const statement = storyGroupSql(f, page, undefined, true);
  const window = await windows.get(`${statement.text}\u0000${JSON.stringify(statement.values)}`, async () => {
    const [answer] = await run<Omit<GroupAnswer, 'ids'> & { candidates: StoryCandidateRow[] }>(statement);
    return {
      candidates: answer?.candidates ?? [],
      members: membersByStory(answer?.members ?? []),
      total: answer?.total ?? 0,
      matches: answer?.matches ?? 0,
    };
  });
  let read = new Set<string>();
  let along: A | null = null;
  if (readerId || check || alongside) {
    const [marks] = await run<{ read: string[] } & A>(
      readMarksSql(
        readerId,
        window.candidates.map((candidate) => candidate.id),
        check,
        alongside,
      ),
    );
    if (!marks)
      return { candidates: [], members: new Map(), total: 0, matches: 0, read, along, planHeld: false };
    const { read: marked, ...rest } = marks;
    read = new Set(marked);
    along = alongside ? (rest as unknown as A) : null;
  }
  // The window's own array (the same object for every reader while it is kept), the reader's marks beside it.
  return { ...window, read, along, planHeld: true };
}
