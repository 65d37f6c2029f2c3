import {
  AppError,
  GENERATION_MESSAGES,
  GENERATION_DEFAULTS,
  type GenerationResult,
  QUEUE_NAMES,
} from '@app/contracts';
import { toDataLanguage } from '@app/rules';
import { dispatchGeneration } from '@app/tasks/generation';
import { RateLimitedError } from '../../lib/rate-limited.ts';
import type { ServiceContext } from '../context.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { toResultDto, toStatusDto, toTaskDto } from './generation.mapper.ts';

const POST_MODE_WAIT_MS = 90_000;
/** Retry-After when the user's waiting tasks are at the cap: about the time one task takes to start. */
const PENDING_FULL_RETRY_AFTER_SECONDS = GENERATION_DEFAULTS.minutesPerTask * 60;

export type GenerationService = ReturnType<typeof createGenerationService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const GENERATION_REPOS = ['generatedContent', 'generationTasks', 'summaries'] as const;

export function createGenerationService(
  ctx: ServiceContext<(typeof GENERATION_REPOS)[number]>,
  usage: UsageService,
) {
  const { generationTasks: tasks, generatedContent, summaries } = ctx.repos;
  const maxPending = ctx.config.GENERATION_MAX_PENDING_PER_USER;
  const tooManyPending = () =>
    new RateLimitedError(
      'TOO_MANY_PENDING_TASKS',
      `You already have ${maxPending} tasks waiting in the queue; try again once one has started`,
      PENDING_FULL_RETRY_AFTER_SECONDS,
    );

  const dispatch = (taskId: string, jobId: string, requestId?: string) =>
    dispatchGeneration(
      {
        enqueue: (id) => ctx.producer.enqueue('generate-content', { taskId, requestId }, { jobId: id }),
        markDispatched: tasks.markDispatched,
        log: ctx.logger,
      },
      taskId,
      jobId,
    );

  async function create(input: {
    userId: string;
    summaryId: string;
    style: string;
    targetPlatforms: string[];
    userInput?: string;
    language: 'en' | 'zh';
    requestId?: string;
  }) {
    if (!(await summaries.exists(input.summaryId))) {
      throw new AppError('NOT_FOUND', GENERATION_MESSAGES.summaryNotFound, { summary_id: 'not found' });
    }
    const quota = await usage.runQuota(input.userId);
    const task = await tasks.create({
      userId: input.userId,
      summaryId: input.summaryId,
      style: input.style,
      targetPlatforms: input.targetPlatforms,
      userInput: input.userInput,
      userLanguage: toDataLanguage(input.language),
      maxPending,
      quota,
    });
    if (task === 'too-many-pending') throw tooManyPending();
    if (task === 'quota-exhausted') throw usage.quotaExhausted();
    await dispatch(task.id, task.jobId, input.requestId);
    return {
      success: true as const,
      task_id: task.id,
      queue_position: task.ahead + 1,
      estimated_wait_time: task.ahead * GENERATION_DEFAULTS.minutesPerTask,
    };
  }

  return {
    create,

    async status(taskId: string, userId: string) {
      const row = await tasks.status(taskId, userId);
      if (!row) throw new AppError('NOT_FOUND', GENERATION_MESSAGES.taskNotFound);
      const status = toStatusDto(row);
      // The 2-second poll reads usage only once the task has ended.
      const ended = status.status !== 'pending' && status.status !== 'processing';
      const used = ended ? ((await usage.ofGenerationTasks([taskId])).get(taskId) ?? null) : null;
      return { success: true as const, data: { ...status, usage: used } };
    },

    async retry(taskId: string, userId: string, requestId?: string) {
      const task = await tasks.findOwned(taskId, userId);
      if (!task) throw new AppError('NOT_FOUND', GENERATION_MESSAGES.taskNotFound);
      const quota = await usage.runQuota(userId);
      const requeued = await tasks.requeue(taskId, userId, maxPending, quota);
      if (requeued === 'too-many-pending') throw tooManyPending();
      if (requeued === 'quota-exhausted') throw usage.quotaExhausted();
      if (requeued === 'not-retryable')
        throw new AppError(
          'CONFLICT',
          `Only a failed or cancelled task can be retried (it is ${task.status})`,
        );
      await dispatch(taskId, requeued.jobId, requestId);
      return { success: true as const, status: 'pending' as const };
    },

    async cancel(taskId: string, userId: string) {
      const task = await tasks.findOwned(taskId, userId);
      if (!task) throw new AppError('NOT_FOUND', GENERATION_MESSAGES.taskNotFound);
      const cancelled = await tasks.cancel(taskId, userId);
      if (cancelled.count === 0) throw new AppError('CONFLICT', `The task is already ${task.status}`);
      // The worker checks the row before each platform; removing a waiting job just saves it a visit.
      if (task.taskId) {
        void ctx.producer
          .queue(QUEUE_NAMES.generation)
          .remove(task.taskId)
          .catch(() => undefined);
      }
      return { success: true as const, status: 'cancelled' as const };
    },

    results: async (ids: string[], userId: string) =>
      (await generatedContent.ofUser(ids, userId)).map(toResultDto),

    /** The author publishes a result to its topic page, or makes it private again; 404 for anyone else. */
    async setPublished(id: string, userId: string, published: boolean) {
      const row = await generatedContent.setPublishedOfUser(id, userId, published, ctx.clock());
      if (!row) throw new AppError('NOT_FOUND', GENERATION_MESSAGES.contentNotFound);
      return { success: true as const, data: toResultDto(row) };
    },

    async deleteResult(id: string, userId: string) {
      const result = await generatedContent.deleteOfUser(id, userId);
      if (!result.found) throw new AppError('NOT_FOUND', GENERATION_MESSAGES.contentNotFound);
      return { success: true as const, task_deleted: result.taskDeleted };
    },

    /** The user's tasks, each with what it used. */
    async history(userId: string, query: Parameters<typeof tasks.history>[1]) {
      const { rows, ...page } = await tasks.history(userId, query);
      const used = await usage.ofGenerationTasks(rows.map(({ row }) => row.id));
      const data = rows.map(({ row, queuePosition }) => ({
        ...toTaskDto(row, queuePosition),
        usage: used.get(row.id) ?? null,
      }));
      return { ...page, data };
    },

    /** Post mode: the same queued task, answered once it ends (or with its current state after 90 s). */
    async generateForPost(input: {
      userId: string;
      postId: string;
      style: string;
      targetPlatforms: string[];
      userInput?: string;
      language: 'en' | 'zh';
      requestId?: string;
      /** Aborted when the client goes away: stop waiting (the task itself stays queued). */
      signal?: AbortSignal;
    }) {
      const summary = await summaries.findForPost(input.postId, toDataLanguage(input.language));
      if (!summary)
        throw new AppError('NOT_FOUND', GENERATION_MESSAGES.postNotFound, { post_id: 'not found' });
      const created = await create({ ...input, summaryId: summary.id });
      const end = await tasks.waitForEnd(created.task_id, Date.now() + POST_MODE_WAIT_MS, input.signal);
      const generated: GenerationResult[] = end
        ? (await generatedContent.ofUser(end.resultIds, input.userId)).map(toResultDto)
        : [];
      return {
        success: true as const,
        task_id: created.task_id,
        data: {
          generated_content: generated,
          generation_stats: { successful_generations: generated.length, status: end?.status ?? 'pending' },
        },
      };
    },
  };
}
