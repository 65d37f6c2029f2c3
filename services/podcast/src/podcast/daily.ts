import type { ParsedJobPayload } from '@app/contracts';
import { createPodcastRun, createPodcastTasks, podcastDone } from '@app/tasks/podcast';
import type { PodcastDeps } from './deps.ts';
import { addDays, zonedDate, zonedDayRange } from './dates.ts';

const LANGUAGES = ['EN', 'ZH'] as const;

export type DailyResult = { targetDate: string; created: number; queued: number; skipped: number };

/**
 * For every active topic and language with summaries on the target date: one podcast_tasks row
 * (unique per topic+date+language), queued for generation unless it is complete or being worked on.
 * A day without summaries makes nothing; a completed task is never replaced (one made text-only by a
 * worker without a speech engine is made again).
 */
export async function runPodcastDaily(
  deps: PodcastDeps,
  payload: ParsedJobPayload<'podcast-daily'>,
): Promise<DailyResult> {
  const { prisma, log } = deps;
  const now = deps.now();
  const targetDate = payload.targetDate ?? addDays(zonedDate(now, deps.timeZone), -1);
  const languages = payload.languages ?? [...LANGUAGES];
  const topics = await prisma.topic.findMany({
    where: { isActive: true, ...(payload.topicIds ? { id: { in: payload.topicIds } } : {}) },
    select: { id: true, name: true },
  });
  const result: DailyResult = { targetDate, created: 0, queued: 0, skipped: 0 };
  if (topics.length === 0) return result;
  const tasks = createPodcastTasks(prisma);
  const runs = createPodcastRun(prisma, { leaseMs: deps.leaseMs, now: deps.now });
  const range = zonedDayRange(targetDate, deps.timeZone);
  const counts = await tasks.summaryCounts(
    topics.map((t) => t.id),
    languages,
    { from: range.gte, to: range.lt },
  );
  for (const topic of topics) {
    for (const language of languages) {
      if (!counts.get(`${topic.id}:${language}`)) continue;
      const { task, created } = await tasks.findOrCreate(
        { topicId: topic.id, date: targetDate, language },
        topic.name,
      );
      if (created) result.created += 1;
      if (podcastDone(task) || runs.isLeased(task)) {
        result.skipped += 1;
        continue;
      }
      await deps.producer.enqueue('generate-podcast', { taskId: task.id, requestId: payload.requestId });
      result.queued += 1;
    }
  }
  log.info(result, 'daily podcasts planned');
  return result;
}
