import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '@app/db';

export class StoryChangeError extends Error {
  constructor(
    readonly code: 'not_found' | 'not_members' | 'split_all' | 'merge_self',
    message: string,
  ) {
    super(message);
    this.name = 'StoryChangeError';
  }
}

type Tx = Prisma.TransactionClient;

/** Admin changes wait for assignments in progress in both languages (same locks, same order). */
async function lockAllLanguages(tx: Tx) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('stories:EN')), pg_advisory_xact_lock(hashtext('stories:ZH'))`;
}

/** Recounts members and the time span from the summaries themselves. */
async function refreshStory(tx: Tx, storyId: string) {
  await tx.$executeRaw`
    UPDATE stories st SET summary_count = x.n, first_seen_at = coalesce(x.first, st.first_seen_at),
      last_seen_at = coalesce(x.last, st.last_seen_at), updated_at = now()
    FROM (SELECT count(*)::int AS n, min(f.event_at) AS first, max(f.event_at) AS last
          FROM summaries s LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
          WHERE s.story_id = ${storyId}::uuid) x
    WHERE st.id = ${storyId}::uuid`;
}

async function requireStory(tx: Tx, storyId: string) {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM stories WHERE id = ${storyId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new StoryChangeError('not_found', 'Story not found');
}

/**
 * Moves some members of a wrongly merged story into a new story of their own. Their fingerprints
 * move too, so later summaries of either event join the right one.
 */
export async function splitStory(
  prisma: PrismaClient,
  storyId: string,
  summaryIds: string[],
): Promise<string> {
  const ids = [...new Set(summaryIds)];
  return prisma.$transaction(async (tx) => {
    await lockAllLanguages(tx);
    await requireStory(tx, storyId);
    const [counts] = await tx.$queryRaw<{ total: number; chosen: number }[]>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE id = ANY(${ids}::uuid[]))::int AS chosen
      FROM summaries WHERE story_id = ${storyId}::uuid`;
    if ((counts?.chosen ?? 0) !== ids.length)
      throw new StoryChangeError('not_members', 'Some summaries are not in this story');
    if (counts!.chosen === counts!.total)
      throw new StoryChangeError('split_all', 'Leave at least one summary in the story');
    const newId = randomUUID();
    await tx.$executeRaw`
      INSERT INTO stories (id, headline, language, summary_count, first_seen_at, last_seen_at, updated_at)
      SELECT ${newId}::uuid, s.headline, s.language, 0, s.created_at, s.created_at, now()
      FROM summaries s WHERE s.id = ANY(${ids}::uuid[]) ORDER BY s.created_at, s.id LIMIT 1`;
    await tx.$executeRaw`UPDATE summaries SET story_id = ${newId}::uuid WHERE id = ANY(${ids}::uuid[])`;
    await tx.$executeRaw`
      UPDATE summary_fingerprints SET story_id = ${newId}::uuid, match_method = 'admin', score = NULL
      WHERE summary_id = ANY(${ids}::uuid[])`;
    await refreshStory(tx, storyId);
    await refreshStory(tx, newId);
    return newId;
  });
}

/**
 * Moves every member of `otherId` into `storyId` and deletes `otherId`; its address leads to `storyId`
 * from then on (story_redirects).
 */
export async function mergeStories(prisma: PrismaClient, storyId: string, otherId: string): Promise<void> {
  if (storyId === otherId) throw new StoryChangeError('merge_self', 'A story cannot be merged into itself');
  await prisma.$transaction(async (tx) => {
    await lockAllLanguages(tx);
    await requireStory(tx, storyId);
    await requireStory(tx, otherId);
    await tx.$executeRaw`
      UPDATE summary_fingerprints SET story_id = ${storyId}::uuid, match_method = 'admin', score = NULL
      WHERE story_id = ${otherId}::uuid`;
    await tx.$executeRaw`UPDATE summaries SET story_id = ${storyId}::uuid WHERE story_id = ${otherId}::uuid`;
    await tx.$executeRaw`DELETE FROM stories WHERE id = ${otherId}::uuid`;
    // The merged story's address (and those that led to it) now leads here.
    await tx.$executeRaw`UPDATE story_redirects SET to_id = ${storyId}::uuid WHERE to_id = ${otherId}::uuid`;
    await tx.$executeRaw`
      INSERT INTO story_redirects (from_id, to_id) VALUES (${otherId}::uuid, ${storyId}::uuid)
      ON CONFLICT (from_id) DO UPDATE SET to_id = excluded.to_id`;
    await refreshStory(tx, storyId);
  });
}
