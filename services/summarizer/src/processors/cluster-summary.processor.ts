import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import { defineProcessor } from '@app/queue';
import {
  assignSummariesToStories,
  assignSummaryToStory,
  type EmbedTexts,
  STORY_BATCH_SIZE,
  summaryAndLaterUnclusteredIds,
} from '@app/stories/store';
import type { PrismaClient } from '@app/db';

export type ClusterDeps = {
  prisma: PrismaClient;
  llm: Llm;
  crossLanguage: boolean;
  /** Queues the next backlog batch at once (a large backfill need not wait for the scheduler). */
  continueBacklog?: (limit: number) => Promise<unknown>;
};

/**
 * The provider's embeddings for cross-language matching. When it keeps failing, the last attempt
 * clusters without them (same-language matching still works) instead of leaving the summary out.
 */
export function embedderFor(deps: ClusterDeps, log: Logger, lastAttempt: boolean): EmbedTexts | undefined {
  if (!deps.crossLanguage) return undefined;
  return async (texts) => {
    try {
      return await deps.llm.embed(texts, { usage: { feature: 'story_matching' } });
    } catch (error) {
      if (!lastAttempt) throw error;
      log.warn({ err: error }, 'embeddings failed; clustering within the language only');
      return texts.map(() => []);
    }
  };
}

/**
 * Clusters the job's summary together with the summaries without a story stored after it (the
 * rest of a crawl's burst, whose own jobs then find them done). When that batch fails, the
 * summary is tried alone, so one summary that cannot be clustered does not fail the others' jobs.
 */
export const clusterSummaryProcessor = (deps: ClusterDeps) =>
  defineProcessor({
    name: 'cluster-summary',
    handle: async (payload, { job, log }) => {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const assign = { prisma: deps.prisma, embed: embedderFor(deps, log, lastAttempt) };
      const ids = await summaryAndLaterUnclusteredIds(deps.prisma, payload.summaryId, STORY_BATCH_SIZE);
      let outcome: Awaited<ReturnType<typeof assignSummaryToStory>>;
      if (ids.length === 1) outcome = await assignSummaryToStory(assign, payload.summaryId);
      else {
        try {
          const outcomes = await assignSummariesToStories(assign, ids);
          outcome = outcomes[0]!;
          log.debug(
            { batch: ids.length, assigned: outcomes.filter((o) => o.status === 'assigned').length },
            'story batch',
          );
        } catch (error) {
          log.warn({ err: error, batch: ids.length }, 'story batch failed; clustering the summary alone');
          outcome = await assignSummaryToStory(assign, payload.summaryId);
        }
      }
      log.debug({ summaryId: payload.summaryId, outcome }, 'story assigned');
      return outcome;
    },
  });
