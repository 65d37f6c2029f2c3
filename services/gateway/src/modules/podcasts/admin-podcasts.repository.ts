import type { Prisma, PrismaClient } from '@app/db';
import { createPodcastTasks, type PodcastKey, podcastMetadataOf as metadataOf } from '@app/tasks/podcast';
import { dateColumn } from '@app/time';

type TaskStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** How many admin list rows one call returns. */
const LIST_LIMIT = 200;

/** podcast_tasks as the admin drives them: made now, made again after a failure, and listed in every state. */
export function createAdminPodcastsRepository(prisma: PrismaClient) {
  const tasks = createPodcastTasks(prisma);
  return {
    /** Active topics (one, or all), by name. */
    async activeTopics(topicId?: string) {
      return prisma.topic.findMany({
        where: { isActive: true, ...(topicId ? { id: topicId } : {}) },
        select: { id: true, name: true },
        orderBy: { name: 'asc' },
      });
    },

    async topicExists(topicId: string) {
      return (await prisma.topic.count({ where: { id: topicId } })) > 0;
    },

    summaryCounts: tasks.summaryCounts,
    findOrCreate: async (key: PodcastKey, topicName: string) =>
      (await tasks.findOrCreate(key, topicName)).task,
    startRun: tasks.startRun,

    /** The task a worker took last: its metadata says what that worker speaks with (see generate.ts). */
    async latestRun() {
      return prisma.podcastTask.findFirst({
        where: { startedAt: { not: null } },
        select: { startedAt: true, metadata: true },
        orderBy: [{ startedAt: 'desc' }, { id: 'asc' }],
      });
    },

    async list(filter: { date?: string; status?: TaskStatus }) {
      const rows = await prisma.podcastTask.findMany({
        where: {
          ...(filter.date ? { targetDate: dateColumn(filter.date) } : {}),
          ...(filter.status ? { status: filter.status } : {}),
        },
        include: { topic: { select: { name: true } } },
        orderBy: [{ targetDate: 'desc' }, { updatedAt: 'desc' }, { id: 'asc' }],
        take: LIST_LIMIT,
      });
      return rows;
    },
  };
}

export const adminRunOf = (metadata: Prisma.JsonValue) => {
  const value = metadataOf(metadata);
  return {
    number: typeof value.admin_run === 'number' ? value.admin_run : 0,
    jobId: typeof value.admin_job_id === 'string' ? value.admin_job_id : null,
  };
};
