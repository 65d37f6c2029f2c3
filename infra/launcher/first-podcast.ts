import type { PrismaClient } from '@app/db';
import type { Producer } from '@app/queue';
import { addDays, localDate } from '@app/time';

/** One `podcast-daily` run: a date, a language and the topics it makes podcasts for. */
export type FirstPodcastPlan = { targetDate: string; language: 'EN' | 'ZH'; topicIds: string[] };

/**
 * What the first start makes, so the podcast page has something to play: nothing once any podcast
 * exists; otherwise, per language, today's podcasts (in the podcast service's time zone) of every
 * active topic with summaries today in that language, and yesterday's for a topic whose summaries in
 * it all fell on yesterday there (the seeded "today" items are today in the default reader's zone,
 * which may still be yesterday in PODCAST_TZ, and one language's may straddle the two days).
 */
export async function planFirstPodcasts(
  prisma: PrismaClient,
  options: { timeZone: string; now: Date },
): Promise<FirstPodcastPlan[]> {
  if ((await prisma.podcastTask.count()) > 0) return [];
  const today = localDate(options.now, options.timeZone);
  const yesterday = addDays(today, -1);
  const topics = await prisma.topic.findMany({ where: { isActive: true }, select: { id: true } });
  const latest = await prisma.summary.groupBy({
    by: ['topicId', 'language'],
    where: {
      topicId: { in: topics.map((t) => t.id) },
      createdAt: { gte: new Date(Date.parse(`${yesterday}T00:00:00Z`) - 86_400_000) },
    },
    _max: { createdAt: true },
  });
  const plans = new Map<string, FirstPodcastPlan>();
  for (const row of latest) {
    const last = row._max.createdAt;
    if (!last || !row.topicId) continue;
    const date = localDate(last, options.timeZone);
    if (date !== today && date !== yesterday) continue;
    const key = `${date}:${row.language}`;
    const plan = plans.get(key) ?? { targetDate: date, language: row.language, topicIds: [] };
    plan.topicIds.push(row.topicId);
    plans.set(key, plan);
  }
  return [...plans.values()]
    .sort((a, b) => b.targetDate.localeCompare(a.targetDate) || a.language.localeCompare(b.language))
    .map((plan) => ({ ...plan, topicIds: plan.topicIds.sort() }));
}

/**
 * Queues the first podcasts (see planFirstPodcasts) on the podcast service's daily planner, which makes
 * one task per topic + date + language and its job. The job ids name the date, so a quick restart
 * before the podcasts exist does not queue them twice. Returns the plans queued.
 */
export async function queueFirstPodcasts(
  prisma: PrismaClient,
  producer: Pick<Producer, 'enqueue'>,
  options: { timeZone: string; now: Date },
): Promise<FirstPodcastPlan[]> {
  const plans = await planFirstPodcasts(prisma, options);
  for (const plan of plans) {
    await producer.enqueue(
      'podcast-daily',
      {
        targetDate: plan.targetDate,
        topicIds: plan.topicIds,
        languages: [plan.language],
        requestId: 'first-start',
      },
      { jobId: `first-podcasts-${plan.targetDate}-${plan.language}` },
    );
  }
  return plans;
}
