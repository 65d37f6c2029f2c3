import { defineProcessor } from '@app/queue';
import { dayOf } from '@app/stories';
import {
  assignSummariesToStories,
  pruneStoryTerms,
  STORY_BATCH_SIZE,
  TERM_RETENTION_DAYS,
  unclusteredSummaryIds,
} from '@app/stories/store';
import { type ClusterDeps, embedderFor } from './cluster-summary.processor.ts';

/**
 * Clusters up to `limit` summaries without a story, oldest first, so earlier events exist first,
 * STORY_BATCH_SIZE per transaction; a full batch queues the next one, so a backfill runs through
 * without waiting for the scheduler. The last one prunes token counts older than the retention.
 */
export const clusterBacklogProcessor = (deps: ClusterDeps) =>
  defineProcessor({
    name: 'cluster-backlog',
    handle: async (payload, { job, log, progress }) => {
      const ids = await unclusteredSummaryIds(deps.prisma, payload.limit);
      const embed = embedderFor(deps, log, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
      let assigned = 0;
      for (let from = 0; from < ids.length; from += STORY_BATCH_SIZE) {
        const batch = ids.slice(from, from + STORY_BATCH_SIZE);
        const outcomes = await assignSummariesToStories({ prisma: deps.prisma, embed }, batch);
        assigned += outcomes.filter((outcome) => outcome.status === 'assigned').length;
        if (from + batch.length < ids.length)
          await progress(Math.round(((from + batch.length) / ids.length) * 100));
      }
      if (ids.length > 0) log.info({ assigned, seen: ids.length }, 'story backlog clustered');
      if (ids.length === payload.limit) await deps.continueBacklog?.(payload.limit);
      else {
        // Nothing left to decide: the counts of days no window reads any more can go.
        const pruned = await pruneStoryTerms(deps.prisma, dayOf(Date.now()) - TERM_RETENTION_DAYS);
        if (pruned > 0) log.info({ pruned }, 'old story token counts pruned');
      }
      return { assigned, seen: ids.length };
    },
  });
