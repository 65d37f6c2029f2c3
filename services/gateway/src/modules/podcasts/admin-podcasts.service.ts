import {
  type AdminPodcastGenerateBody,
  type AdminPodcastGenerateResponse,
  type AdminPodcastListQuerySchema,
  AppError,
  type PodcastGenerateOutcome,
  type PodcastSpeechStatus,
  PODCAST_GENERATE_MAX_DAYS_BACK,
  QUEUE_NAMES,
} from '@app/contracts';
import { podcastFailureReason, toDataLanguage } from '@app/rules';
import { podcastDone } from '@app/tasks/podcast';
import { addDays, localDate, startOfZonedDay } from '@app/time';
import type { z } from 'zod';
import { adminRunOf } from './admin-podcasts.repository.ts';
import type { ServiceContext } from '../context.ts';

export type AdminPodcastsService = ReturnType<typeof createAdminPodcastsService>;

const LANGUAGES = ['EN', 'ZH'] as const;
/** Job states in which a podcast job is still going to run (or running): no second one is added. */
const LIVE_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

const metadataOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** The repositories this service is given (its module's index.ts hands it these only). */
export const ADMIN_PODCASTS_REPOS = ['adminPodcasts'] as const;

/**
 * The admin's podcast actions: make a topic's podcast for a date and language now, or again after it
 * failed. Each topic + date + language has one podcast_tasks row (the unique key the daily schedule
 * uses too); a failed one is handed to a new run in place, so the page never shows two. A podcast
 * already queued, being made or done is left alone and the answer says so.
 */
export function createAdminPodcastsService(ctx: ServiceContext<(typeof ADMIN_PODCASTS_REPOS)[number]>) {
  const repo = ctx.repos.adminPodcasts;
  const queue = () => ctx.producer.queue(QUEUE_NAMES.podcast);

  async function jobIsLive(jobId: string | null): Promise<boolean> {
    if (!jobId) return false;
    const job = await queue().getJob(jobId);
    return job ? LIVE_STATES.has(await job.getState()) : false;
  }

  function checkDate(date: string, today: string) {
    if (date > today) {
      throw new AppError('VALIDATION_FAILED', 'The date is in the future', {
        target_date: `must be ${today} or earlier`,
      });
    }
    const oldest = addDays(today, -PODCAST_GENERATE_MAX_DAYS_BACK);
    if (date < oldest) {
      throw new AppError('VALIDATION_FAILED', 'The date is too far back', {
        target_date: `must be ${oldest} or later`,
      });
    }
  }

  return {
    async generate(body: AdminPodcastGenerateBody, requestId: string): Promise<AdminPodcastGenerateResponse> {
      const timeZone = ctx.config.PODCAST_TZ;
      const now = ctx.clock();
      const today = localDate(now, timeZone);
      const targetDate = body.target_date ?? today;
      checkDate(targetDate, today);
      if (body.topic_id && !(await repo.topicExists(body.topic_id))) {
        throw new AppError('NOT_FOUND', 'Topic not found');
      }
      const topics = await repo.activeTopics(body.topic_id);
      if (body.topic_id && topics.length === 0) {
        throw new AppError('CONFLICT', 'This topic is paused; enable it first');
      }
      const languages = body.language ? [toDataLanguage(body.language)] : [...LANGUAGES];
      const counts = await repo.summaryCounts(
        topics.map((t) => t.id),
        languages,
        {
          from: startOfZonedDay(targetDate, timeZone),
          to: startOfZonedDay(addDays(targetDate, 1), timeZone),
        },
      );

      const results: AdminPodcastGenerateResponse['results'] = [];
      for (const topic of topics) {
        for (const language of languages) {
          const base = { topic_id: topic.id, topic_name: topic.name, language };
          const report = (outcome: PodcastGenerateOutcome, taskId: string | null, jobId: string | null) =>
            results.push({ ...base, outcome, task_id: taskId, job_id: jobId });
          if (!counts.get(`${topic.id}:${language}`)) {
            report('no_summaries', null, null);
            continue;
          }
          const task = await repo.findOrCreate({ topicId: topic.id, date: targetDate, language }, topic.name);
          const run = adminRunOf(task.metadata);
          if (podcastDone(task)) {
            report('already_completed', task.id, null);
            continue;
          }
          // Being made: the worker that claimed it is still on its job (active, or waiting to retry).
          const workerJob = metadataOf(task.metadata).worker_job_id;
          if (
            task.status === 'processing' &&
            (await jobIsLive(typeof workerJob === 'string' ? workerJob : null))
          ) {
            report('already_processing', task.id, String(workerJob));
            continue;
          }
          if (task.status === 'pending' && (await jobIsLive(run.jobId))) {
            report('already_queued', task.id, run.jobId);
            continue;
          }
          // Pending without a live job, failed (or text-only), or processing by a worker that is gone: a new run.
          const next = { number: run.number + 1, jobId: `podcast-${task.id}-run${run.number + 1}` };
          if (!(await repo.startRun(task, next, now))) {
            // Someone else changed it a moment ago (another click, the worker): theirs stands.
            report('already_queued', task.id, null);
            continue;
          }
          try {
            await ctx.producer.enqueue(
              'generate-podcast',
              { taskId: task.id, requestId },
              { jobId: next.jobId },
            );
          } catch (error) {
            ctx.logger.error({ err: error, taskId: task.id, requestId }, 'cannot enqueue podcast');
            throw new AppError('UNAVAILABLE', 'The job queue is not available; try again shortly');
          }
          ctx.logger.info(
            { taskId: task.id, jobId: next.jobId, previous: task.status, requestId },
            'admin queued a podcast',
          );
          report('queued', task.id, next.jobId);
        }
      }
      return {
        target_date: targetDate,
        task_ids: results.filter((r) => r.outcome === 'queued').map((r) => r.task_id as string),
        results,
      };
    },

    /** The tasks, each with why it has no audio and what its run spoke with, and the worker's engine. */
    async list(query: z.output<typeof AdminPodcastListQuerySchema>) {
      const [rows, latest] = await Promise.all([repo.list(query), repo.latestRun()]);
      const latestMetadata = metadataOf(latest?.metadata);
      const engine = textOf(latestMetadata.tts_engine);
      const speech: PodcastSpeechStatus | null =
        latest?.startedAt && engine
          ? {
              tts_engine: engine,
              encoder: textOf(latestMetadata.encoder),
              reason: textOf(latestMetadata.tts_reason),
              reported_at: latest.startedAt.toISOString(),
            }
          : null;
      return {
        speech,
        data: rows.map((row) => ({
          id: row.id,
          topic_id: row.topicId,
          topic_name: row.topic.name,
          target_date: row.targetDate.toISOString().slice(0, 10),
          language: row.language,
          status: row.status,
          error_message: row.errorMessage,
          failure_reason: podcastFailureReason(row),
          tts_engine: textOf(metadataOf(row.metadata).tts_engine),
          encoder: textOf(metadataOf(row.metadata).encoder),
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          completed_at: row.completedAt?.toISOString() ?? null,
        })),
      };
    },
  };
}
