import type { PodcastFailureReason } from '@app/contracts';
import type { Language, PodcastTask, Prisma, PrismaClient } from '@app/db';
import { isTextOnlyPodcast } from '@app/rules';
import { dateColumn } from '@app/time';

type Metadata = Record<string, unknown>;
/** A copy of a JSON column's object (anything else: an empty object). */
export const podcastMetadataOf = (value: Prisma.JsonValue | undefined): Metadata =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Metadata) } : {};

/** A podcast with its audio: never made again (one made text-only, without a speech engine, is). */
export const podcastDone = (task: Pick<PodcastTask, 'status' | 'metadata'>) =>
  task.status === 'completed' && !isTextOnlyPodcast(task);

/** Another worker holds the task; the job retries later (with backoff) and finds it done or free. */
export class TaskBusyError extends Error {
  constructor(taskId: string) {
    super(`Podcast task ${taskId} is being processed by another worker`);
    this.name = 'TaskBusyError';
  }
}

export type PodcastKey = { topicId: string; date: string; language: Language };
export type PodcastTasks = ReturnType<typeof createPodcastTasks>;
export type PodcastRun = ReturnType<typeof createPodcastRun>;

async function currentMetadata(prisma: PrismaClient, taskId: string): Promise<Metadata> {
  const row = await prisma.podcastTask.findUnique({ where: { id: taskId }, select: { metadata: true } });
  return podcastMetadataOf(row?.metadata);
}

/**
 * podcast_tasks as the daily schedule and the admin make them: one row per topic + date + language,
 * for a day and language with summaries, handed to a run. The worker's side is `createPodcastRun`.
 */
export function createPodcastTasks(prisma: PrismaClient) {
  return {
    /**
     * Summaries per topic and language created in [from, to), keyed `${topicId}:${language}`: a day
     * and language without any makes no podcast.
     */
    async summaryCounts(topicIds: string[], languages: readonly Language[], range: { from: Date; to: Date }) {
      const rows = await prisma.summary.groupBy({
        by: ['topicId', 'language'],
        where: {
          topicId: { in: topicIds },
          language: { in: [...languages] },
          createdAt: { gte: range.from, lt: range.to },
        },
        _count: { _all: true },
      });
      return new Map(rows.map((row) => [`${row.topicId}:${row.language}`, row._count._all]));
    },

    /** The task of a topic + date + language, made pending when there is none (unique per the three). */
    async findOrCreate(key: PodcastKey, topicName: string): Promise<{ task: PodcastTask; created: boolean }> {
      const unique = {
        topicId_targetDate_language: {
          topicId: key.topicId,
          targetDate: dateColumn(key.date),
          language: key.language,
        },
      };
      const before = await prisma.podcastTask.findUnique({ where: unique });
      if (before) return { task: before, created: false };
      const task = await prisma.podcastTask.upsert({
        where: unique,
        create: {
          ...unique.topicId_targetDate_language,
          status: 'pending',
          metadata: { topic_name: topicName },
        },
        update: {},
      });
      return { task, created: true };
    },

    /**
     * Hands the task to a new run: back to pending with the run number and its job id in the metadata,
     * only if nobody changed the row since `task.updatedAt` (two admins clicking at once queue it once).
     */
    async startRun(
      task: Pick<PodcastTask, 'id' | 'updatedAt' | 'metadata'>,
      run: { number: number; jobId: string },
      now: Date,
    ): Promise<boolean> {
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
          metadata: { ...podcastMetadataOf(task.metadata), admin_run: run.number, admin_job_id: run.jobId },
        },
      });
      return updated.count === 1;
    },
  };
}

/**
 * podcast_tasks as a worker runs them: claimed under a lease it renews (`worker_job_id` in the
 * metadata, `updated_at` the heartbeat), the script kept, ended completed or failed with a reason. A
 * worker that stops renewing for `leaseMs` loses the task to the next claim.
 */
export function createPodcastRun(prisma: PrismaClient, options: { leaseMs: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const leaseCutoff = () => new Date(now().getTime() - options.leaseMs);
  const heldBy = (taskId: string, jobId: string) => ({
    id: taskId,
    status: 'processing' as const,
    metadata: { path: ['worker_job_id'], equals: jobId },
  });

  return {
    /** A worker holds the task and renewed its lease within `leaseMs`. */
    isLeased: (task: Pick<PodcastTask, 'status' | 'updatedAt'>) =>
      task.status === 'processing' && task.updatedAt > leaseCutoff(),

    /**
     * The worker takes the task: a free one (pending, failed), one whose worker stopped renewing, this
     * same job re-run after a stall, or one made text-only. `metadata` is what this run adds (the
     * previous run's outcome is dropped). 'completed' when it is done, 'busy' when another holds it.
     */
    async claim(
      task: Pick<PodcastTask, 'id' | 'metadata'>,
      jobId: string,
      metadata: Metadata,
    ): Promise<'claimed' | 'completed' | 'busy'> {
      const { audio: _audio, failure_reason: _reason, ...kept } = podcastMetadataOf(task.metadata);
      const claimed = await prisma.podcastTask.updateMany({
        where: {
          id: task.id,
          OR: [
            { status: { in: ['pending', 'failed'] } },
            { status: 'processing', updatedAt: { lt: leaseCutoff() } },
            { status: 'processing', metadata: { path: ['worker_job_id'], equals: jobId } },
            { status: 'completed', metadata: { path: ['audio'], equals: false } },
          ],
        },
        data: {
          status: 'processing',
          startedAt: now(),
          // The lease starts now (on the run's clock, as the heartbeat renews it).
          updatedAt: now(),
          completedAt: null,
          errorMessage: null,
          metadata: { ...kept, ...metadata, worker_job_id: jobId },
        },
      });
      if (claimed.count > 0) return 'claimed';
      const current = await prisma.podcastTask.findUnique({
        where: { id: task.id },
        select: { status: true },
      });
      return current?.status === 'completed' ? 'completed' : 'busy';
    },

    /** Renews the lease; TaskBusyError when another worker took the task over. */
    async heartbeat(taskId: string, jobId: string): Promise<void> {
      const renewed = await prisma.podcastTask.updateMany({
        where: heldBy(taskId, jobId),
        data: { updatedAt: now() },
      });
      if (renewed.count === 0) throw new TaskBusyError(taskId);
    },

    /** The script, kept on the row: a re-run speaks the same text. */
    async saveScript(taskId: string, transcript: string, metadata: Metadata): Promise<void> {
      await prisma.podcastTask.update({
        where: { id: taskId },
        data: { transcript, metadata: { ...(await currentMetadata(prisma, taskId)), ...metadata } as object },
      });
    },

    /** Completed with what the audio is (its key, length, chapters...). */
    async complete(taskId: string, metadata: Metadata): Promise<void> {
      await prisma.podcastTask.update({
        where: { id: taskId },
        data: {
          status: 'completed',
          completedAt: now(),
          metadata: { ...(await currentMetadata(prisma, taskId)), ...metadata } as object,
        },
      });
    },

    /**
     * After the last attempt (or at once, for a failure no retry mends): failed with the error's words
     * and its reason code, if this job still holds it (its chunks stay for a re-run).
     */
    async fail(taskId: string, jobId: string, reason: PodcastFailureReason, message: string): Promise<void> {
      await prisma.podcastTask.updateMany({
        where: heldBy(taskId, jobId),
        data: {
          status: 'failed',
          errorMessage: message.slice(0, 1000),
          metadata: { ...(await currentMetadata(prisma, taskId)), failure_reason: reason } as object,
        },
      });
    },
  };
}
