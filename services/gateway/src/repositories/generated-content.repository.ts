import type { GeneratedContentDto, GenerationResult } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import { webUrls } from '../lib/web-urls.ts';
import { toResultDto } from './generation.mapper.ts';
import { removeResultFromTasks } from './generation.sql.ts';

export type GeneratedContentRepository = ReturnType<typeof createGeneratedContentRepository>;

/** user_generated_content: the copy generated from summaries, per topic and per user. */
export function createGeneratedContentRepository(prisma: PrismaClient) {
  return {
    /**
     * What the topic page shows: published rows only (a result is its author's alone until they publish
     * it), made from the topic's summaries created within `range` when one is given. Built field by field:
     * the author appears by display name, never by id, and the task's instructions are not read at all.
     */
    async publishedOfTopic(
      topicId: string,
      range: { from?: Date; to?: Date },
    ): Promise<GeneratedContentDto[]> {
      const createdAt = range.from || range.to ? { gte: range.from, lte: range.to } : undefined;
      const rows = await prisma.userGeneratedContent.findMany({
        where: { publishedAt: { not: null }, summary: { topicId, ...(createdAt ? { createdAt } : {}) } },
        select: {
          id: true,
          targetPlatform: true,
          content: true,
          hashtags: true,
          sourceUrls: true,
          createdAt: true,
          publishedAt: true,
          summary: { select: { datasource: { select: { sourceName: true } } } },
          user: { select: { profile: { select: { displayName: true } } } },
        },
        orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
        take: 200,
      });
      return rows.map((g) => ({
        id: g.id,
        target_platform: g.targetPlatform,
        content: g.content,
        hashtags: g.hashtags,
        source_urls: webUrls(g.sourceUrls),
        created_at: g.createdAt.toISOString(),
        // Never null here (the filter); the creation time only keeps the type honest.
        published_at: (g.publishedAt ?? g.createdAt).toISOString(),
        source_name: g.summary?.datasource?.sourceName ?? null,
        author_name: g.user.profile?.displayName?.trim() || null,
      }));
    },

    /** The user's results among `ids`, in the order asked. */
    async ofUser(ids: string[], userId: string): Promise<GenerationResult[]> {
      if (ids.length === 0) return [];
      const rows = await prisma.userGeneratedContent.findMany({ where: { id: { in: ids }, userId } });
      const order = new Map(ids.map((id, index) => [id, index]));
      return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(toResultDto);
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
    ): Promise<GenerationResult | null> {
      await prisma.userGeneratedContent.updateMany({
        where: { id, userId, publishedAt: published ? null : { not: null } },
        data: { publishedAt: published ? now : null },
      });
      const row = await prisma.userGeneratedContent.findFirst({ where: { id, userId } });
      return row ? toResultDto(row) : null;
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
