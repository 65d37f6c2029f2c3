import type { PrismaClient } from '@app/db';

export type StoryListFilter = {
  topicId?: string;
  language?: 'EN' | 'ZH';
  /** Part of the headline, matched case-insensitively as plain text. */
  search?: string;
  minSize: number;
  limit: number;
  /** The last row of the previous page. */
  after?: { lastSeenAt: Date; id: string };
  /** Members returned per story at most. */
  memberLimit: number;
};

export type StoryListRow = {
  id: string;
  headline: string;
  language: 'EN' | 'ZH';
  languages: ('EN' | 'ZH')[];
  summary_count: number;
  first_seen_at: Date;
  last_seen_at: Date;
};

export type StoryListMemberRow = {
  story_id: string;
  id: string;
  headline: string;
  language: 'EN' | 'ZH';
  published_at: Date;
  source_name: string | null;
  platform: string | null;
};

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Stories newest activity first (keyset on last_seen_at, id), with their first members: what the
 * admin checks for wrong merges. Topic and language match any member.
 */
export async function listStories(
  prisma: PrismaClient,
  filter: StoryListFilter,
): Promise<{ stories: StoryListRow[]; members: StoryListMemberRow[] }> {
  const pattern = filter.search ? `%${likeEscape(filter.search)}%` : null;
  const afterTime = filter.after?.lastSeenAt ?? null;
  const afterId = filter.after?.id ?? null;
  const stories = await prisma.$queryRaw<StoryListRow[]>`
    SELECT st.id, st.headline, st.language::text AS language, st.summary_count, st.first_seen_at, st.last_seen_at,
      ARRAY(SELECT DISTINCT s.language::text FROM summaries s WHERE s.story_id = st.id ORDER BY 1) AS languages
    FROM stories st
    WHERE st.summary_count >= ${filter.minSize}
      AND (${pattern}::text IS NULL OR st.headline ILIKE ${pattern}::text)
      AND (${filter.topicId ?? null}::uuid IS NULL OR EXISTS (
        SELECT 1 FROM summaries s WHERE s.story_id = st.id AND s.topic_id = ${filter.topicId ?? null}::uuid))
      AND (${filter.language ?? null}::text IS NULL OR EXISTS (
        SELECT 1 FROM summaries s WHERE s.story_id = st.id AND s.language::text = ${filter.language ?? null}::text))
      AND (${afterTime}::timestamptz IS NULL OR (st.last_seen_at, st.id) < (${afterTime}::timestamptz, ${afterId}::uuid))
    ORDER BY st.last_seen_at DESC, st.id DESC
    LIMIT ${filter.limit}`;
  if (stories.length === 0) return { stories, members: [] };
  const members = await prisma.$queryRaw<StoryListMemberRow[]>`
    SELECT m.* FROM unnest(${stories.map((s) => s.id)}::uuid[]) AS sid(id)
    CROSS JOIN LATERAL (
      SELECT s.story_id, s.id, s.headline, s.language::text AS language,
        coalesce(f.event_at, s.created_at) AS published_at, d.source_name, d.platform::text AS platform
      FROM summaries s
      LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
      LEFT JOIN datasources d ON d.id = s.datasource_id
      WHERE s.story_id = sid.id
      ORDER BY coalesce(f.event_at, s.created_at), s.id
      LIMIT ${filter.memberLimit}
    ) m`;
  return { stories, members };
}
