import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import { defineProcessor } from '@app/queue';
import { assignSummaryToStory, type EmbedTexts } from '@app/stories/store';
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

export const clusterSummaryProcessor = (deps: ClusterDeps) =>
  defineProcessor({
    name: 'cluster-summary',
    handle: async (payload, { job, log }) => {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const outcome = await assignSummaryToStory(
        { prisma: deps.prisma, embed: embedderFor(deps, log, lastAttempt) },
        payload.summaryId,
      );
      log.debug({ summaryId: payload.summaryId, outcome }, 'story assigned');
      return outcome;
    },
  });
