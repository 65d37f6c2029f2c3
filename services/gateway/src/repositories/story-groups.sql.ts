import { STORY_MEMBERS_SHOWN, type StoryMatch, SUMMARY_PAGE_SIZE } from '@app/contracts';
import { Prisma, type SqlRunner, type SqlStatement } from '@app/db';
import {
  hashOf,
  integer,
  type PageWindow,
  type PlanCheck,
  PREPARED_PAGES,
  planHolds,
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
  candidates?: { readerId: string | null },
): SqlStatement {
  const where = summaryWhere(f);
  // The page's ids, or (candidates) what ranking them needs: a few short columns and the reader's read
  // mark, so a ranked page of the window's stories reads no summary's text until the page is chosen.
  const pageRows = candidates
    ? Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'headline', s.headline,
          'language', s.language::text, 'created_at', s.created_at, 'topic_id', s.topic_id,
          'datasource_id', s.datasource_id, 'story_id', s.story_id, 'story_size', st.summary_count,
          'read', ${
            candidates.readerId
              ? Prisma.sql`EXISTS (SELECT 1 FROM user_reads ur
                  WHERE ur.user_id = ${candidates.readerId}::uuid AND ur.summary_id = s.id)`
              : Prisma.sql`false`
          }) ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
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
    (candidates !== undefined ||
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
  read: boolean;
};

/**
 * The window's stories (page.limit of them, newest first) as candidates to rank, with the reader's read
 * marks and each story's members in the window, in one statement; the chosen page's rows are then read
 * with storyRowsOf. planHeld as for queryStoryGroupPage.
 */
export async function queryStoryCandidates(
  run: SqlRunner,
  f: SummaryFilters,
  page: PageWindow,
  readerId: string | null,
  check?: PlanCheck,
): Promise<{
  candidates: StoryCandidateRow[];
  members: StoryMembers;
  total: number;
  matches: number;
  planHeld: boolean;
}> {
  const [answer] = await run<Omit<GroupAnswer, 'ids'> & { candidates: StoryCandidateRow[] }>(
    storyGroupSql(f, page, check, { readerId }),
  );
  if (!answer) return { candidates: [], members: new Map(), total: 0, matches: 0, planHeld: false };
  return {
    candidates: answer.candidates,
    members: membersByStory(answer.members),
    total: answer.total,
    matches: answer.matches,
    planHeld: true,
  };
}
