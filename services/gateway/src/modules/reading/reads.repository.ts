import { createSqlRunner, type Language, Prisma, type PrismaClient } from '@app/db';
import { resolveSources } from '../summaries/summaries.repository.ts';
import { integer, readAmongSql, type SummaryFilters, summaryWhere } from '../summaries/summaries.sql.ts';

export type ReadsRepository = ReturnType<typeof createReadsRepository>;

type Target = { topic_id: string | null; datasource_id: string | null };
/** A reader's follows, saved summaries and reads as reads.history loads them (newest first). */
export type ReaderHistoryRow = {
  follows: Target[];
  saved: (Target & { id: string; headline: string; language: 'EN' | 'ZH'; story_id: string | null })[];
  reads: Target[];
};

/**
 * What "For you" weighs, as three columns of a SELECT (follows, saved, reads; see ReaderHistoryRow): the
 * reader's follows, newest saved summaries (at most `saved`) and the topics and sources of their newest
 * reads (at most `reads`). A read carries its summary's topic and source; only a row written without
 * them looks its summary up. reads.history selects these alone; a "For you" page reads them in the
 * statement that reads the reader's marks (queryStoryCandidates), one round trip for both.
 */
export function readerHistoryColumns(userId: string, limits: { saved: number; reads: number }): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(json_agg(json_build_object('topic_id', topic_id, 'datasource_id', datasource_id)), '[]')
      FROM user_follows WHERE user_id = ${userId}::uuid) AS follows,
    (SELECT coalesce(json_agg(x ORDER BY x.at DESC), '[]') FROM (
      SELECT s.id, s.headline, s.language::text AS language, s.story_id, s.topic_id, s.datasource_id,
        f.created_at AS at
      FROM user_favorite_summaries f JOIN summaries s ON s.id = f.summary_id
      WHERE f.user_id = ${userId}::uuid ORDER BY f.created_at DESC LIMIT ${integer(limits.saved)}) x) AS saved,
    (SELECT coalesce(json_agg(json_build_object('topic_id', x.topic_id, 'datasource_id', x.datasource_id)
        ORDER BY x.read_at DESC), '[]') FROM (
      SELECT r.read_at,
        CASE WHEN r.topic_id IS NULL AND r.datasource_id IS NULL
          THEN (SELECT s.topic_id FROM summaries s WHERE s.id = r.summary_id) ELSE r.topic_id END AS topic_id,
        CASE WHEN r.topic_id IS NULL AND r.datasource_id IS NULL
          THEN (SELECT s.datasource_id FROM summaries s WHERE s.id = r.summary_id) ELSE r.datasource_id END
          AS datasource_id
      FROM user_reads r
      WHERE r.user_id = ${userId}::uuid ORDER BY r.read_at DESC LIMIT ${integer(limits.reads)}) x) AS reads`;
}

/** The summaries each reader has read (user_reads): a row per read summary, removed when unmarked. */
export function createReadsRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  return {
    /**
     * Marks the summaries read, in one statement: only ids that still name a summary are stored.
     * `changed` counts the newly read; `missing` the ids with no summary (removed since the page loaded).
     */
    async mark(userId: string, ids: string[]) {
      const [row] = await run<{ changed: number; missing: string[] }>({
        name: 'reads-mark',
        text: `WITH wanted AS (SELECT DISTINCT unnest($2::uuid[]) AS id),
          found AS (SELECT s.id, s.topic_id, s.datasource_id FROM summaries s JOIN wanted w ON w.id = s.id),
          added AS (INSERT INTO user_reads (user_id, summary_id, topic_id, datasource_id)
            SELECT $1::uuid, id, topic_id, datasource_id FROM found
            ON CONFLICT DO NOTHING RETURNING 1)
          SELECT (SELECT count(*)::int FROM added) AS changed,
            ARRAY(SELECT w.id::text FROM wanted w WHERE w.id NOT IN (SELECT id FROM found) ORDER BY 1) AS missing`,
        values: [userId, ids],
      });
      return row ?? { changed: 0, missing: [] };
    },

    /** Marks the summaries unread; `missing` as for `mark`. */
    async unmark(userId: string, ids: string[]) {
      const [row] = await run<{ changed: number; missing: string[] }>({
        name: 'reads-unmark',
        text: `WITH wanted AS (SELECT DISTINCT unnest($2::uuid[]) AS id),
          removed AS (DELETE FROM user_reads WHERE user_id = $1::uuid AND summary_id IN (SELECT id FROM wanted)
            RETURNING 1)
          SELECT (SELECT count(*)::int FROM removed) AS changed,
            ARRAY(SELECT w.id::text FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM summaries s WHERE s.id = w.id)
              ORDER BY 1) AS missing`,
        values: [userId, ids],
      });
      return row ?? { changed: 0, missing: [] };
    },

    /**
     * What "For you" weighs, in one round trip: the reader's follows, newest saved summaries (at most
     * `saved`) and the topics and sources of their newest reads (at most `reads`).
     */
    async history(userId: string, limits: { saved: number; reads: number }): Promise<ReaderHistoryRow> {
      const sql = Prisma.sql`SELECT ${readerHistoryColumns(userId, limits)}`;
      const [row] = await run<ReaderHistoryRow>({
        name: 'reader-history',
        text: sql.text,
        values: sql.values,
      });
      return row ?? { follows: [], saved: [], reads: [] };
    },

    /** Which of `ids` the reader has read (a list page's cards; see readAmongSql). */
    async readAmong(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const sql = readAmongSql(userId, ids);
      const rows = await run<{ id: string }>({ name: 'reads-among', text: sql.text, values: sql.values });
      return new Set(rows.map((row) => row.id));
    },

    /** The reader's reading settings (the defaults until they change one). */
    async settings(userId: string): Promise<{ mark_read_on_scroll: boolean }> {
      const [row] = await run<{ mark_read_on_scroll: boolean }>({
        name: 'reading-settings',
        text: 'SELECT mark_read_on_scroll FROM user_profiles WHERE id = $1::uuid',
        values: [userId],
      });
      return row ?? { mark_read_on_scroll: false };
    },

    /** Stores the reader's reading settings (a missing profile row is created, as user/free). */
    async saveSettings(userId: string, settings: { mark_read_on_scroll: boolean }) {
      const [row] = await run<{ mark_read_on_scroll: boolean }>({
        name: 'reading-settings-save',
        text: `INSERT INTO user_profiles (id, mark_read_on_scroll, updated_at) VALUES ($1::uuid, $2, now())
          ON CONFLICT (id) DO UPDATE SET mark_read_on_scroll = excluded.mark_read_on_scroll, updated_at = now()
          RETURNING mark_read_on_scroll`,
        values: [userId, settings.mark_read_on_scroll],
      });
      return row!;
    },

    /** Marks read every summary the list's filters match, the newest `limit` at most. */
    async markMatching(userId: string, filters: SummaryFilters, limit: number): Promise<number> {
      const f = await resolveSources(run, filters);
      if (f.datasourceIds?.length === 0) return 0;
      const rows = await prisma.$queryRaw<{ changed: number }[]>`
        WITH added AS (
          INSERT INTO user_reads (user_id, summary_id, topic_id, datasource_id)
          SELECT ${userId}::uuid, m.id, m.topic_id, m.datasource_id FROM (
            SELECT s.id, s.topic_id, s.datasource_id FROM summaries s WHERE ${summaryWhere(f)}
            ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(limit)}) m
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*)::int AS changed FROM added`;
      return rows[0]?.changed ?? 0;
    },

    /**
     * Unread summaries since `from` in one language, per topic, and of those the ones from what the
     * reader follows (topics or sources).
     */
    unreadByTopic: (userId: string, language: Language, from: Date) =>
      prisma.$queryRaw<{ topic_id: string | null; unread: number; followed: number }[]>`
        WITH f AS (SELECT topic_id, datasource_id FROM user_follows WHERE user_id = ${userId}::uuid)
        SELECT s.topic_id, count(*)::int AS unread,
          count(*) FILTER (WHERE s.topic_id IN (SELECT topic_id FROM f WHERE topic_id IS NOT NULL)
            OR s.datasource_id IN (SELECT datasource_id FROM f WHERE datasource_id IS NOT NULL))::int AS followed
        FROM summaries s
        WHERE s.language = ${language}::"Language" AND s.created_at >= ${from}
          AND NOT EXISTS (SELECT 1 FROM user_reads r WHERE r.user_id = ${userId}::uuid AND r.summary_id = s.id)
        GROUP BY s.topic_id ORDER BY 2 DESC`,
  };
}
