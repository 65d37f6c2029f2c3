import { defineProcessor } from '@app/queue';
import { runPodcastDaily } from '../podcast/daily.ts';
import type { PodcastDeps } from '../podcast/deps.ts';

/** The daily tick (job scheduler, cron + tz): plans one task per active topic and language with summaries. */
export function podcastDailyProcessor(deps: Omit<PodcastDeps, 'log'>) {
  return defineProcessor({
    name: 'podcast-daily',
    async handle(payload, { log }) {
      return runPodcastDaily({ ...deps, log }, payload);
    },
  });
}
