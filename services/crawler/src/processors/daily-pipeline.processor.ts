import { defineProcessor } from '@app/queue';
import { type CrawlDeps, utcDate } from '../crawl-datasource.ts';
import { runDailyPipeline } from '../scheduler.ts';

export const dailyPipelineProcessor = (deps: Pick<CrawlDeps, 'prisma' | 'enqueue' | 'clock'>) =>
  defineProcessor({
    name: 'daily-pipeline',
    handle: (payload) =>
      runDailyPipeline(deps.prisma, deps.enqueue, {
        targetDate: payload.targetDate ?? utcDate(deps.clock?.() ?? new Date()),
        requestId: payload.requestId,
      }),
  });
