import type { Prisma, PrismaClient, UserGeneratedContent } from '@app/db';
import { removeResultFromTasks } from '@app/tasks/generation';

export type GeneratedContentRepository = ReturnType<typeof createGeneratedContentRepository>;

/** What the topic page reads of a published result (generation.mapper.ts shapes it). */
const PUBLISHED_SELECT = {
  id: true,
  targetPlatform: true,
  content: true,
  hashtags: true,
  sourceUrls: true,
  createdAt: true,
  publishedAt: true,
  summary: { select: { datasource: { select: { sourceName: true } } } },
  user: { select: { profile: { select: { displayName: true } } } },
} as const satisfies Prisma.UserGeneratedContentSelect;
export type PublishedRow = Prisma.UserGeneratedContentGetPayload<{ select: typeof PUBLISHED_SELECT }>;

/** user_generated_content: the copy generated from summaries, per topic and per user. */
export function createGeneratedContentRepository(prisma: PrismaClient) {
  return {
    /**
     * What the topic page shows: published rows only (a result is its author's alone until they publish
     * it), made from the topic's summaries created within `range` when one is given. Built field by field:
     * the author appears by display name, never by id, and the task's instructions are not read at all.
     */
    async publishedOfTopic(topicId: string, range: { from?: Date; to?: Date }): Promise<PublishedRow[]> {
      const createdAt = range.from || range.to ? { gte: range.from, lte: range.to } : undefined;
      return prisma.userGeneratedContent.findMany({
        where: { publishedAt: { not: null }, summary: { topicId, ...(createdAt ? { createdAt } : {}) } },
        select: PUBLISHED_SELECT,
        orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
        take: 200,
      });
    },

    /** The user's results among `ids`, in the order asked. */
    async ofUser(ids: string[], userId: string): Promise<UserGeneratedContent[]> {
      if (ids.length === 0) return [];
      const rows = await prisma.userGeneratedContent.findMany({ where: { id: { in: ids }, userId } });
      const order = new Map(ids.map((id, index) => [id, index]));
      return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },

    /**
     * Publishes the user's result (keeping the first publication time when it already is) or makes it
     * private again; null when the user has no such result.
     */
    async setPublishedOfUser(
      id: string,
      userId: string,
      published: boolean,
      now: Date,
    ): Promise<UserGeneratedContent | null> {
      await prisma.userGeneratedContent.updateMany({
        where: { id, userId, publishedAt: published ? null : { not: null } },
        data: { publishedAt: published ? now : null },
      });
      return prisma.userGeneratedContent.findFirst({ where: { id, userId } });
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
