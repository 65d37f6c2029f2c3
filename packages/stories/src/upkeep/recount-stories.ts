import type { Prisma } from '@app/db';

type Tx = Prisma.TransactionClient;

/**
 * Waits for story assignments in progress in both languages and holds them off until the
 * transaction ends: the same advisory locks, in the same order, as the clustering job and the admin
 * split/merge. Taken before deleting summaries, so an assignment never attaches a report to a story
 * that the same moment loses its last member, and the two never wait on each other's rows.
 */
export async function lockStoryWrites(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('stories:EN')), pg_advisory_xact_lock(hashtext('stories:ZH'))`;
}

/**
 * Brings the given stories in line with the summaries they still have, after summaries were
 * deleted: the member count (the list's story_size), the time span, the headline of the first
 * remaining member; a story left without members is deleted, with the redirects that led to it.
 * Returns how many stories were deleted.
 */
export async function recountStories(tx: Tx, storyIds: string[]): Promise<{ deleted: number }> {
  if (storyIds.length === 0) return { deleted: 0 };
  await tx.$executeRaw`
    UPDATE stories st
    SET summary_count = x.n, first_seen_at = coalesce(x.first, st.first_seen_at),
        last_seen_at = coalesce(x.last, st.last_seen_at), headline = coalesce(x.headline, st.headline),
        updated_at = now()
    FROM (
      SELECT s.story_id AS id, count(*)::int AS n, min(coalesce(f.event_at, s.created_at)) AS first,
             max(coalesce(f.event_at, s.created_at)) AS last,
             (array_agg(s.headline ORDER BY coalesce(f.event_at, s.created_at), s.id))[1] AS headline
      FROM summaries s LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
      WHERE s.story_id = ANY(${storyIds}::uuid[])
      GROUP BY s.story_id
    ) x
    WHERE st.id = x.id`;
  // The addresses that led to a deleted story (stories merged into it before) lead nowhere now: they go too.
  const [row] = await tx.$queryRaw<{ deleted: number }[]>`
    WITH gone AS (
      DELETE FROM stories st
      WHERE st.id = ANY(${storyIds}::uuid[])
        AND NOT EXISTS (SELECT 1 FROM summaries s WHERE s.story_id = st.id)
      RETURNING st.id
    ), unlinked AS (
      DELETE FROM story_redirects r USING gone WHERE r.to_id = gone.id
    )
    SELECT count(*)::int AS deleted FROM gone`;
  return { deleted: row?.deleted ?? 0 };
}
