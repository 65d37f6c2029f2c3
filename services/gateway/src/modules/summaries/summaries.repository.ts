import { createSqlRunner, type Language, Prisma, type PrismaClient, type SqlRunner } from '@app/db';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import {
  type PageWindow,
  type PlanCheck,
  querySummaryPage,
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
  type SummaryFilters,
  type SummaryRow,
} from './summaries.sql.ts';
import { type OtherLanguageScope, queryOtherLanguage, type TermGroup } from './cross-language.sql.ts';
import {
  type CandidateWindow,
  queryStoryCandidates,
  queryStoryGroupPage,
  type ReaderCandidates,
  type StoryMembers,
  storyRowsOf,
} from './story-groups.sql.ts';

/** How long a "For you" candidate window is kept in a process. */
export const CANDIDATE_WINDOW_MS = 5_000;

export type SummariesRepository = ReturnType<typeof createSummariesRepository>;

export type SummaryWithPostRow = SummaryRow & {
  post_id: string | null;
  post_title: string | null;
  post_url: string | null;
  post_status: string | null;
  post_author: string | null;
};

/**
 * summaries: the reading list and its counts through raw SQL, so search can use its indexes. Rows come
 * back as read; the services turn them into answers (summary.mapper.ts).
 */
export function createSummariesRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  // "For you" ranks the same window of stories for every reader of the same filters: it is read once
  // per CANDIDATE_WINDOW_MS in each process, so a new summary reaches the order within that time. A
  // window with its prepared ranking data is about 150 KB: the 32 most used filter sets are kept.
  const windows = createAnswerCache<CandidateWindow>({
    ttlMs: CANDIDATE_WINDOW_MS,
    maxEntries: 32,
  });
  return {
    /**
     * The hot read path, on the client's pool (see sql-runner.ts): a source filter's lookup, then the
     * page's statements (querySummaryPage: one for a list, a match and a fetch by id for a search).
     */
    async listPage(filters: SummaryFilters, page: PageWindow, check?: PlanCheck) {
      const f = await resolveSources(run, filters);
      // Nothing to read; an unchecked plan is left for the caller to read (planHeld: false).
      if (f.datasourceIds?.length === 0) return { rows: [], total: 0, planHeld: !check };
      return querySummaryPage(run, f, page, check);
    },

    /** listPage grouped by story (see storyGroupSql): `total` counts stories, `matches` summaries. */
    async listStoryPage(filters: SummaryFilters, page: PageWindow, check?: PlanCheck) {
      const f = await resolveSources(run, filters);
      if (f.datasourceIds?.length === 0) return { rows: [], total: 0, matches: 0, planHeld: !check };
      return queryStoryGroupPage(run, f, page, check);
    },

    /** The window's stories as "For you" ranks them, with `alongside` read per reader (see queryStoryCandidates). */
    async storyCandidates<A extends object>(
      filters: SummaryFilters,
      page: PageWindow,
      readerId: string | null,
      check?: PlanCheck,
      alongside?: Prisma.Sql,
    ): Promise<ReaderCandidates<A>> {
      const f = await resolveSources(run, filters);
      if (f.datasourceIds?.length === 0)
        return {
          candidates: [],
          members: new Map() as StoryMembers,
          total: 0,
          matches: 0,
          read: new Set<string>(),
          along: null,
          planHeld: !check,
        };
      return queryStoryCandidates<A>(run, windows, f, page, readerId, check, alongside);
    },

    /** The chosen candidates' rows, in the given order, with their stories' members. */
    storyRows: (ids: string[], members: StoryMembers) => storyRowsOf(run, ids, members),

    /** A search's reports in the other language (see queryOtherLanguage). */
    otherLanguage: (scope: OtherLanguageScope, groups: TermGroup[], storyIds: string[]) =>
      queryOtherLanguage(run, scope, groups, storyIds),

    async findWithPost(id: string) {
      const rows = await prisma.$queryRaw<SummaryWithPostRow[]>`
        SELECT ${SUMMARY_COLUMNS}, p.id AS post_id, p.title AS post_title, p.url AS post_url,
          p.status::text AS post_status, p.author AS post_author
        FROM summaries s ${SUMMARY_JOINS} LEFT JOIN posts p ON p.id = s.post_id
        WHERE s.id = ${id}::uuid`;
      return rows[0] ?? null;
    },

    exists: async (id: string) => (await prisma.summary.count({ where: { id } })) > 0,

    /** Summary count and platforms per topic, in one language and time range. */
    async countsByTopic(language: Language, from: Date, to: Date) {
      const rows = await prisma.$queryRaw<{ topic_id: string; platform: string | null; n: number }[]>`
        SELECT s.topic_id, d.platform::text AS platform, count(*)::int AS n
        FROM summaries s LEFT JOIN datasources d ON d.id = s.datasource_id
        WHERE s.language = ${language}::"Language" AND s.created_at >= ${from} AND s.created_at <= ${to}
          AND s.topic_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 3 DESC`;
      const byTopic = new Map<string, { topic_id: string; count: number; platforms: string[] }>();
      for (const row of rows) {
        const entry = byTopic.get(row.topic_id) ?? { topic_id: row.topic_id, count: 0, platforms: [] };
        entry.count += row.n;
        if (row.platform) entry.platforms.push(row.platform);
        byTopic.set(row.topic_id, entry);
      }
      return [...byTopic.values()];
    },

    /** Summary count and newest summary per datasource, in one language. */
    async countsBySource(language: Language) {
      return prisma.$queryRaw<{ datasource_id: string; n: number; last: Date | null }[]>`
        SELECT datasource_id, count(*)::int AS n, max(created_at) AS last
        FROM summaries WHERE language = ${language}::"Language" AND datasource_id IS NOT NULL
        GROUP BY datasource_id`;
    },

    /**
     * The topic page's filter choices in one language and range: each source (by name, as the list's
     * source filter takes it) with its count, and the days (YYYY-MM-DD in `timeZone`) that have summaries.
     */
    async topicFilterOptions(
      topicId: string,
      language: Language,
      timeZone: string,
      range: { from?: Date; to?: Date },
      maxDays: number,
    ) {
      const where = Prisma.sql`s.topic_id = ${topicId}::uuid AND s.language = ${language}::"Language"
        ${range.from ? Prisma.sql`AND s.created_at >= ${range.from}` : Prisma.empty}
        ${range.to ? Prisma.sql`AND s.created_at <= ${range.to}` : Prisma.empty}`;
      // The English page offers the sources written in English only: a Chinese source's stray English
      // summary does not make it one. The Chinese page offers every source with Chinese summaries.
      const sourceLanguage = language === 'EN' ? Prisma.sql`AND d.language = 'EN'::"Language"` : Prisma.empty;
      const [sources, days] = await Promise.all([
        prisma.$queryRaw<{ name: string; platform: string; n: number }[]>`
          SELECT d.source_name AS name, min(d.platform::text) AS platform, count(*)::int AS n
          FROM summaries s JOIN datasources d ON d.id = s.datasource_id
          WHERE ${where} ${sourceLanguage}
          GROUP BY d.source_name ORDER BY lower(d.source_name), d.source_name`,
        prisma.$queryRaw<{ day: string }[]>`
          SELECT DISTINCT to_char(s.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day
          FROM summaries s WHERE ${where}
          ORDER BY day DESC LIMIT ${maxDays}`,
      ]);
      return {
        sources: sources.map((row) => ({ name: row.name, platform: row.platform, summary_count: row.n })),
        dates: days.map((row) => row.day),
      };
    },

    /** A channel's summaries, oldest first (the newest 200 when there are more). */
    async youtubeSummaries(datasourceIds: string[], language: Language, from?: Date, to?: Date) {
      const range = Prisma.sql`${from ? Prisma.sql`AND s.created_at >= ${from}` : Prisma.empty} ${
        to ? Prisma.sql`AND s.created_at <= ${to}` : Prisma.empty
      }`;
      return prisma.$queryRaw<SummaryRow[]>`
        SELECT * FROM (
          SELECT ${SUMMARY_COLUMNS} FROM summaries s ${SUMMARY_JOINS}
          WHERE s.datasource_id = ANY(${datasourceIds}::uuid[]) AND s.language = ${language}::"Language"
            AND s.summary_type = 'youtube_video' ${range}
          ORDER BY s.created_at DESC LIMIT 200
        ) x ORDER BY created_at ASC, id ASC`;
    },

    /** Post mode: the id is a summary id, or a post id whose summary (preferred language first) is used. */
    async findForPost(postOrSummaryId: string, language: Language) {
      const direct = await prisma.summary.findUnique({
        where: { id: postOrSummaryId },
        select: { id: true },
      });
      if (direct) return direct;
      const rows = await prisma.summary.findMany({
        where: { postId: postOrSummaryId },
        select: { id: true, language: true },
      });
      return rows.find((row) => row.language === language) ?? rows[0] ?? null;
    },
  };
}

/**
 * A source name or the caller's favourite sources, turned into datasource ids (see
 * SummaryFilters.datasourceIds); both together keep the ids in both. An empty list matches nothing.
 * What the caller follows becomes `followed` (following nothing matches nothing: an empty id list).
 */
export async function resolveSources(run: SqlRunner, filters: SummaryFilters): Promise<SummaryFilters> {
  const f = filters.followedBy
    ? { ...filters, followed: await followedBy(run, filters.followedBy) }
    : filters;
  if (f.followed && f.followed.topicIds.length + f.followed.datasourceIds.length === 0)
    return { ...f, datasourceIds: [] };
  const lookups = [
    f.sourceName && {
      name: 'datasources-by-name',
      text: 'SELECT id FROM datasources WHERE source_name = $1',
      values: [f.sourceName],
    },
    f.favoriteSourcesOfUser && {
      name: 'favourite-datasources',
      text: 'SELECT datasource_id AS id FROM user_favorite_datasources WHERE user_id = $1::uuid',
      values: [f.favoriteSourcesOfUser],
    },
  ].filter((lookup) => !!lookup);
  if (lookups.length === 0) return f;
  let ids: string[] | undefined;
  for (const lookup of lookups) {
    const found = (await run<{ id: string }>(lookup)).map((row) => row.id);
    ids = ids ? ids.filter((id) => found.includes(id)) : found;
  }
  return { ...f, datasourceIds: ids };
}

async function followedBy(run: SqlRunner, userId: string) {
  const rows = await run<{ topic_id: string | null; datasource_id: string | null }>({
    name: 'followed-targets',
    text: 'SELECT topic_id, datasource_id FROM user_follows WHERE user_id = $1::uuid',
    values: [userId],
  });
  return {
    topicIds: rows.flatMap((row) => (row.topic_id ? [row.topic_id] : [])),
    datasourceIds: rows.flatMap((row) => (row.datasource_id ? [row.datasource_id] : [])),
  };
}
