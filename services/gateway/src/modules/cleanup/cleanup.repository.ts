import type { Prisma, PrismaClient } from '@app/db';
import { lockStoryWrites, recountStories } from '@app/stories/upkeep';

export type CleanupRepository = ReturnType<typeof createCleanupRepository>;

/**
 * The pipeline's retention: old crawl tasks, posts, summaries and generated content deleted together,
 * each in one transaction so a clean-up never leaves half its rows behind.
 */
export function createCleanupRepository(prisma: PrismaClient) {
  return {
    /** data-cleanup: crawl tasks, posts, summaries and generated content older than the cutoff. */
    async deleteDataBefore(cutoff: Date) {
      return prisma.$transaction(async (tx) => {
        await lockStoryWrites(tx);
        const generated = await tx.userGeneratedContent.deleteMany({ where: { createdAt: { lt: cutoff } } });
        // The stories that lose members are recounted here, so story_size never counts deleted
        // summaries and a story with none left goes too.
        const [summaries] = await tx.$queryRaw<{ count: number; story_ids: string[] }[]>`
          WITH gone AS (DELETE FROM summaries WHERE created_at < ${cutoff} RETURNING story_id)
          SELECT count(*)::int AS count,
                 coalesce(array_agg(DISTINCT story_id) FILTER (WHERE story_id IS NOT NULL), '{}')::text[] AS story_ids
          FROM gone`;
        await recountStories(tx, summaries?.story_ids ?? []);
        const posts = await tx.post.deleteMany({ where: { createdAt: { lt: cutoff } } });
        const tasks = await tx.processingTask.deleteMany({ where: { createdAt: { lt: cutoff } } });
        return {
          processing_tasks: tasks.count,
          posts: posts.count,
          summaries: summaries?.count ?? 0,
          generated_content: generated.count,
        };
      });
    },

    /**
     * posts-cleanup: deletes crawled posts older than the cutoff that no longer wait for a summary;
     * their summaries and generated content stay, unlinked (ON DELETE SET NULL).
     */
    async deletePostsBefore(cutoff: Date) {
      return prisma.$transaction(async (tx) => {
        const where: Prisma.PostWhereInput = {
          createdAt: { lt: cutoff },
          status: { notIn: ['pending', 'processing'] },
        };
        const ids = (await tx.post.findMany({ where, select: { id: true } })).map((p) => p.id);
        if (ids.length === 0) return { posts: 0, summariesUpdated: 0, generatedContentUpdated: 0 };
        const summariesUpdated = await tx.summary.count({ where: { postId: { in: ids } } });
        const generatedContentUpdated = await tx.userGeneratedContent.count({
          where: { postId: { in: ids } },
        });
        const deleted = await tx.post.deleteMany({ where: { id: { in: ids } } });
        return { posts: deleted.count, summariesUpdated, generatedContentUpdated };
      });
    },
  };
}
