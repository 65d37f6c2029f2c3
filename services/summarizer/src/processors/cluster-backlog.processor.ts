import { defineProcessor } from '@app/queue';
import { assignSummaryToStory, unclusteredSummaryIds } from '@app/stories/store';
import { type ClusterDeps, embedderFor } from './cluster-summary.processor.ts';

/**
 * Clusters up to `limit` summaries without a story, oldest first, so earlier events exist first;
 * a full batch queues the next one, so a backfill runs through without waiting for the scheduler.
 */
export const clusterBacklogProcessor = (deps: ClusterDeps) =>
  defineProcessor({
    name: 'cluster-backlog',
    handle: async (payload, { job, log, progress }) => {
      const ids = await unclusteredSummaryIds(deps.prisma, payload.limit);
      const embed = embedderFor(deps, log, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
      let assigned = 0;
      for (const [index, summaryId] of ids.entries()) {
        const outcome = await assignSummaryToStory({ prisma: deps.prisma, embed }, summaryId);
        if (outcome.status === 'assigned') assigned++;
        if (index % 100 === 99) await progress(Math.round(((index + 1) / ids.length) * 100));
      }
      if (ids.length > 0) log.info({ assigned, seen: ids.length }, 'story backlog clustered');
      if (ids.length === payload.limit) await deps.continueBacklog?.(payload.limit);
      return { assigned, seen: ids.length };
    },
  });
