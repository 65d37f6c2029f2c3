import type { PrismaClient } from '@app/db';
import type { ScriptSummary } from '../script/script.ts';

type Row = { headline: string; content: string; source_name: string | null; sources: string[] };

/**
 * The newest `limit` stories of a topic's day in one language, oldest first, each as its newest
 * summary of the day with the names of every outlet that reported the story in that language (the
 * representative's first, each once). One statement: the outlets come from a lateral join on the
 * story index. A summary the clustering job has not seen yet is a story of its own.
 */
export async function loadDayStories(
  prisma: PrismaClient,
  input: { topicId: string; language: 'EN' | 'ZH'; from: Date; to: Date; limit: number },
): Promise<ScriptSummary[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    WITH picked AS (
      SELECT s.id, s.story_id, s.created_at, coalesce(s.story_id, s.id) AS story_key
      FROM summaries s
      WHERE s.topic_id = ${input.topicId}::uuid AND s.language = ${input.language}::"Language"
        AND s.created_at >= ${input.from} AND s.created_at < ${input.to}
    ), representative AS (
      SELECT DISTINCT ON (story_key) id, story_id, created_at FROM picked ORDER BY story_key, created_at DESC, id
    ), page AS (
      SELECT * FROM representative ORDER BY created_at DESC, id LIMIT ${input.limit}
    )
    SELECT s.headline, s.content, s.metadata->>'source_name' AS source_name, outlets.sources
    FROM page
    JOIN summaries s ON s.id = page.id
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(o.name ORDER BY o.is_representative DESC, o.created_at, o.id), '{}') AS sources
      FROM (
        SELECT DISTINCT ON (m.outlet) m.* FROM (
          SELECT x.id, x.created_at, x.id = page.id AS is_representative,
                 nullif(btrim(coalesce(d.source_name, x.metadata->>'source_name')), '') AS name,
                 coalesce(x.datasource_id::text, x.metadata->>'source_name', x.id::text) AS outlet
          FROM summaries x LEFT JOIN datasources d ON d.id = x.datasource_id
          WHERE x.language = ${input.language}::"Language" AND (x.id = page.id OR x.story_id = page.story_id)
        ) m
        ORDER BY m.outlet, m.is_representative DESC, m.created_at DESC, m.id
      ) o
      WHERE o.name IS NOT NULL
    ) outlets
    ORDER BY page.created_at, page.id`;
  return rows.map((row) => ({
    headline: row.headline,
    content: row.content,
    sourceName: row.sources[0] ?? row.source_name,
    sourceNames: row.sources,
  }));
}
