import type { ServiceContext } from '../context.ts';

export type CleanupService = ReturnType<typeof createCleanupService>;

const DAY_MS = 86_400_000;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const CLEANUP_REPOS = ['cleanup'] as const;

/** The spec's data-cleanup and posts-cleanup: rows older than a number of days, logged with what went. */
export function createCleanupService(ctx: ServiceContext<(typeof CLEANUP_REPOS)[number]>) {
  const cutoff = (days: number) => new Date(ctx.clock().getTime() - days * DAY_MS);

  return {
    /** Crawl tasks, posts, summaries and generated content older than `days` (default 30). */
    async data(olderThanDays: number | undefined, requestId: string) {
      const days = olderThanDays ?? 30;
      const recordsDeleted = await ctx.repos.cleanup.deleteDataBefore(cutoff(days));
      const total = Object.values(recordsDeleted).reduce((a, b) => a + b, 0);
      ctx.logger.info({ recordsDeleted, days, requestId }, 'data cleanup');
      return { success: true, message: `Deleted ${total} records older than ${days} days`, recordsDeleted };
    },

    /** Summarised posts older than `days` (default 7); their summaries and generated content stay. */
    async posts(olderThanDays: number | undefined, requestId: string) {
      const days = olderThanDays ?? 7;
      const result = await ctx.repos.cleanup.deletePostsBefore(cutoff(days));
      ctx.logger.info({ ...result, days, requestId }, 'posts cleanup');
      return {
        success: true,
        message: `Deleted ${result.posts} posts older than ${days} days`,
        recordsDeleted: { posts: result.posts },
        summariesUpdated: result.summariesUpdated,
        generatedContentUpdated: result.generatedContentUpdated,
      };
    },
  };
}
