import type { Prisma, PrismaClient } from '@app/db';

type Language = 'EN' | 'ZH';
type TaskStatus = 'pending' | 'processing' | 'completed' | 'failed';

const metadataOf = (value: Prisma.JsonValue): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};

/** A DATE column value for a calendar date (Prisma maps @db.Date to midnight UTC). */
const dateColumn = (date: string) => new Date(`${date}T00:00:00Z`);

/** How many admin list rows one call returns. */
const LIST_LIMIT = 200;

/** podcast_tasks as the admin drives them: made now, made again after a failure, and listed in every state. */
export function createAdminPodcastsRepository(prisma: PrismaClient) {
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

    /** Summaries per topic and language created in [from, to): the ones a podcast of that day speaks. */
    async summaryCounts(topicIds: string[], languages: Language[], range: { from: Date; to: Date }) {
      const rows = await prisma.summary.groupBy({
        by: ['topicId', 'language'],
        where: {
          topicId: { in: topicIds },
          language: { in: languages },
          createdAt: { gte: range.from, lt: range.to },
        },
        _count: { _all: true },
      });
      return new Map(rows.map((row) => [`${row.topicId}:${row.language}`, row._count._all]));
    },

    /** The task of a topic + date + language, made pending when there is none (unique per the three). */
    async findOrCreate(key: { topicId: string; date: string; language: Language }, topicName: string) {
      const where = {
        topicId_targetDate_language: {
          topicId: key.topicId,
          targetDate: dateColumn(key.date),
          language: key.language,
        },
      };
      return prisma.podcastTask.upsert({
        where,
        create: {
          topicId: key.topicId,
          targetDate: dateColumn(key.date),
          language: key.language,
          status: 'pending',
          metadata: { topic_name: topicName },
        },
        update: {},
      });
    },

    /**
     * Hands the task to a new run: back to pending with the run number and its job id in the metadata,
     * only if nobody changed the row since `seen` (two admins clicking at once queue it once).
     */
    async startRun(
      task: { id: string; updatedAt: Date; metadata: Prisma.JsonValue },
      run: { number: number; jobId: string },
      now: Date,
    ) {
      const updated = await prisma.podcastTask.updateMany({
        where: {
          id: task.id,
          updatedAt: task.updatedAt,
          // A done podcast is left alone, except one made text-only (without a speech engine).
          OR: [{ status: { not: 'completed' } }, { metadata: { path: ['audio'], equals: false } }],
        },
        data: {
          status: 'pending',
          errorMessage: null,
          updatedAt: now,
          metadata: {
            ...metadataOf(task.metadata),
            admin_run: run.number,
            admin_job_id: run.jobId,
          } as object,
        },
      });
      return updated.count === 1;
    },

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
