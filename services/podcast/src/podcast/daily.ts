import type { ParsedJobPayload } from '@app/contracts';
import { isTextOnlyPodcast } from '@app/rules';
import type { PodcastDeps } from './deps.ts';
import { addDays, dateColumn, zonedDate, zonedDayRange } from './dates.ts';

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
  const counts = await prisma.summary.groupBy({
    by: ['topicId', 'language'],
    where: {
      topicId: { in: topics.map((t) => t.id) },
      language: { in: languages },
      createdAt: zonedDayRange(targetDate, deps.timeZone),
    },
    _count: { _all: true },
  });
  const leaseCutoff = new Date(now.getTime() - deps.leaseMs);
  for (const row of counts) {
    const topic = topics.find((t) => t.id === row.topicId);
    if (!topic || row._count._all === 0) continue;
    const key = { topicId: topic.id, targetDate: dateColumn(targetDate), language: row.language };
    const before = await prisma.podcastTask.findUnique({ where: { topicId_targetDate_language: key } });
    const task =
      before ??
      (await prisma.podcastTask.upsert({
        where: { topicId_targetDate_language: key },
        create: { ...key, status: 'pending', metadata: { topic_name: topic.name } },
        update: {},
      }));
    if (!before) result.created += 1;
    const busy = task.status === 'processing' && task.updatedAt > leaseCutoff;
    if ((task.status === 'completed' && !isTextOnlyPodcast(task)) || busy) {
      result.skipped += 1;
      continue;
    }
    await deps.producer.enqueue('generate-podcast', { taskId: task.id, requestId: payload.requestId });
    result.queued += 1;
  }
  log.info(result, 'daily podcasts planned');
  return result;
}
