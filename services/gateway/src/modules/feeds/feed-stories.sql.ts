import { Prisma } from '@app/db';

/** One report of a feed item's story: where its links come from. */
export type FeedMemberRow = {
  id: string;
  headline: string;
  source_urls: string[];
  metadata: Prisma.JsonValue;
  source_name: string | null;
  post_title: string | null;
  post_url: string | null;
  updated_at: string;
};

/** A feed item: the story's first summary among those selected, with the story's reports. */
export type FeedStoryRow = {
  id: string;
  headline: string;
  content: string;
  metadata: Prisma.JsonValue;
  created_at: Date;
  source_name: string | null;
  post_title: string | null;
  /** The story's summaries in the feed's language, this one first (at most MAX_MEMBERS). */
  members: FeedMemberRow[];
};

/** Reports linked per item: an item's HTML lists them all, and readers show it whole. */
const MAX_MEMBERS = 25;

/**
 * The newest `limit` stories among the summaries `where` selects (alias `s`), newest first, in one
 * statement. Each story stands as its first selected summary: the item's id, title and text stay the
 * same as later reports join, and a summary the clustering job has not seen yet is an item whose id
 * stays its own when it becomes a story's first report. Links come from every report of the story in
 * that language, through a lateral join on the story index (no query per item).
 */
export function feedStoriesSql(where: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`
    WITH picked AS (
      SELECT s.id, s.story_id, s.language, s.created_at, coalesce(s.story_id, s.id) AS story_key
      FROM summaries s WHERE ${where}
    ), first_report AS (
      SELECT DISTINCT ON (story_key) id, story_id, language, created_at
      FROM picked ORDER BY story_key, created_at, id
    ), page AS (
      SELECT * FROM first_report ORDER BY created_at DESC, id DESC LIMIT ${limit}
    )
    SELECT s.id, s.headline, s.content, s.metadata, s.created_at, d.source_name, p.title AS post_title,
           reports.members
    FROM page
    JOIN summaries s ON s.id = page.id
    LEFT JOIN datasources d ON d.id = s.datasource_id
    LEFT JOIN posts p ON p.id = s.post_id
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object(
               'id', m.id, 'headline', m.headline, 'source_urls', to_jsonb(m.source_urls),
               'metadata', m.metadata, 'source_name', md.source_name, 'post_title', mp.title,
               'post_url', mp.url, 'updated_at', m.updated_at)
             ORDER BY m.is_first DESC, m.created_at, m.id) AS members
      FROM (
        SELECT x.*, x.id = page.id AS is_first FROM summaries x
        WHERE x.language = page.language AND (x.id = page.id OR x.story_id = page.story_id)
        ORDER BY x.id = page.id DESC, x.created_at, x.id
        LIMIT ${MAX_MEMBERS}
      ) m
      LEFT JOIN datasources md ON md.id = m.datasource_id
      LEFT JOIN posts mp ON mp.id = m.post_id
    ) reports
    ORDER BY page.created_at DESC, page.id DESC`;
}
