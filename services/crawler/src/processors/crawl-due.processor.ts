import { defineProcessor } from '@app/queue';
import { AGGREGATED_PLATFORMS, type CrawlDeps } from '../crawl-datasource.ts';
import { enqueueDueCrawls, requeueStuckPosts } from '../scheduler.ts';

export const crawlDueProcessor = (
  deps: Pick<CrawlDeps, 'prisma' | 'enqueue' | 'clock' | 'queuedSummaryPosts'>,
) =>
  defineProcessor({
    name: 'crawl-due',
    handle: async (payload) => {
      const now = deps.clock?.() ?? new Date();
      const queued = await enqueueDueCrawls(deps.prisma, deps.enqueue, {
        now,
        limit: payload.limit,
        requestId: payload.requestId,
      });
      const requeued = await requeueStuckPosts(deps.prisma, deps.enqueue, {
        now,
        limit: 500,
        aggregated: AGGREGATED_PLATFORMS,
        queued: deps.queuedSummaryPosts,
      });
      return { queued, requeued };
    },
  });
