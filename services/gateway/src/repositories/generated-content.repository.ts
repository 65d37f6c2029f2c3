import type { GenerationResult } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import { webUrls } from '../lib/web-urls.ts';
import { toResultDto } from './generation.mapper.ts';
import { removeResultFromTasks } from './generation.sql.ts';

export type GeneratedContentRepository = ReturnType<typeof createGeneratedContentRepository>;

/** user_generated_content: the copy generated from summaries, per topic and per user. */
export function createGeneratedContentRepository(prisma: PrismaClient) {
  return {
    async ofTopic(topicId: string) {
      const rows = await prisma.userGeneratedContent.findMany({
        where: { summary: { topicId } },
        include: { summary: { include: { datasource: { select: { sourceName: true } } } } },
        orderBy: { createdAt: 'desc' },
        take: 200,
      });
      return rows.map((g) => ({
        id: g.id,
        target_platform: g.targetPlatform,
        content: g.content,
        hashtags: g.hashtags,
        source_urls: webUrls(g.sourceUrls),
        created_at: g.createdAt.toISOString(),
        source_name: g.summary?.datasource?.sourceName ?? null,
      }));
    },

    /** The user's results among `ids`, in the order asked. */
    async ofUser(ids: string[], userId: string): Promise<GenerationResult[]> {
      if (ids.length === 0) return [];
      const rows = await prisma.userGeneratedContent.findMany({ where: { id: { in: ids }, userId } });
      const order = new Map(ids.map((id, index) => [id, index]));
      return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(toResultDto);
    },

    /** Removes the result and its id from every task's result_ids; a task left with none is deleted. */
    async deleteOfUser(id: string, userId: string): Promise<{ found: boolean; taskDeleted: boolean }> {
      return prisma.$transaction(async (tx) => {
        const row = await tx.userGeneratedContent.findFirst({ where: { id, userId }, select: { id: true } });
        if (!row) return { found: false, taskDeleted: false };
        await tx.userGeneratedContent.delete({ where: { id } });
        const tasks = await removeResultFromTasks(tx, id, userId);
        const empty = tasks.filter((task) => task.remaining === 0).map((task) => task.id);
        if (empty.length)
          await tx.contentGenerationQueue.deleteMany({ where: { id: { in: empty }, userId } });
        return { found: true, taskDeleted: empty.length > 0 };
      });
    },
  };
}
