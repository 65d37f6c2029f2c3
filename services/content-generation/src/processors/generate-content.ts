import {
  GENERATION_PLATFORMS,
  GENERATION_SUMMARY_GONE_MESSAGE,
  type GenerationPlatform,
  type GenerationStyle,
  GenerationStyleSchema,
} from '@app/contracts';
import type { PrismaClient } from '@app/db';
import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import { defineProcessor } from '@app/queue';
import { characterCount, isOverLimit, toUiLanguage } from '@app/rules';
import { createGenerationRun, PermanentError, TaskGone } from '@app/tasks/generation';
import { type GenerationSource, generateCopy } from '../generator.ts';

export type GenerateContentDeps = { prisma: PrismaClient; llm: Llm };

/**
 * Runs one content_generation_queue row: pending → processing → completed | failed.
 * Idempotent: results are unique per task + platform and platforms already done are skipped,
 * so a re-delivered job (worker killed, stalled, retried) resumes without duplicating anything.
 */
export function createGenerateContentProcessor(deps: GenerateContentDeps) {
  return defineProcessor({
    name: 'generate-content',
    async handle(payload, { log, progress }) {
      return runGenerationTask(deps, payload.taskId, log, progress);
    },
  });
}

export async function runGenerationTask(
  { prisma, llm }: GenerateContentDeps,
  taskId: string,
  log: Logger,
  reportProgress: (value: number) => Promise<void> = async () => undefined,
): Promise<{ status: string }> {
  const run = createGenerationRun(prisma);
  if (!(await run.claim(taskId))) {
    log.info({ taskId }, 'task is not runnable (done, cancelled or deleted)');
    return { status: 'skipped' };
  }
  const task = await prisma.contentGenerationQueue.findUniqueOrThrow({
    where: { id: taskId },
    include: { summary: { include: { datasource: true, topic: true } } },
  });
  const platforms = task.targetPlatforms.filter((p): p is GenerationPlatform =>
    (GENERATION_PLATFORMS as readonly string[]).includes(p),
  );
  try {
    if (!task.summary) throw new PermanentError(GENERATION_SUMMARY_GONE_MESSAGE);
    const summary = task.summary;
    const metadata = (summary.metadata ?? {}) as Record<string, unknown>;
    const source: GenerationSource = {
      headline: summary.headline || String(metadata.title ?? metadata.post_title ?? ''),
      content: summary.content,
      sourceUrls: summary.sourceUrls,
      sourceName: summary.datasource?.sourceName ?? (metadata.source_name as string | undefined) ?? null,
      topicName: summary.topic?.name ?? (metadata.topic_name as string | undefined) ?? null,
    };
    const style: GenerationStyle = GenerationStyleSchema.catch('engaging').parse(task.style);
    const language = toUiLanguage(task.userLanguage);
    const done = new Set(
      (
        await prisma.userGeneratedContent.findMany({ where: { taskId }, select: { targetPlatform: true } })
      ).map((row) => row.targetPlatform),
    );
    for (const platform of platforms) {
      if (done.has(platform)) continue;
      await run.ensureRunning(taskId);
      const copy = await generateCopy(
        llm,
        { platform, style, language, userInput: task.userInput, source },
        { feature: 'generation', topicId: summary.topicId, userId: task.userId, generationTaskId: taskId },
      );
      const count = characterCount(copy.content);
      const data = {
        userId: task.userId,
        summaryId: summary.id,
        postId: summary.postId,
        content: copy.content,
        hashtags: copy.hashtags,
        characterCount: count,
        isOverLimit: isOverLimit(platform, count),
        style,
        sourceUrls: summary.sourceUrls,
        metadata: {
          generator: copy.generator,
          model: copy.model,
          language,
          ...(copy.generator === 'template' ? { note: 'Template-based copy (no LLM configured)' } : {}),
        },
      };
      // Unique (task_id, target_platform): a concurrent duplicate delivery lands on the same row.
      await prisma.userGeneratedContent.upsert({
        where: { taskId_targetPlatform: { taskId, targetPlatform: platform } },
        create: { ...data, taskId, targetPlatform: platform },
        update: {},
      });
      done.add(platform);
      const value = Math.round((done.size / platforms.length) * 100);
      await run.progress(taskId, platforms, value);
      await reportProgress(value);
    }
    await run.complete(taskId, platforms);
    log.info({ taskId, platforms: platforms.length }, 'generation task completed');
    return { status: 'completed' };
  } catch (error) {
    if (error instanceof TaskGone) {
      log.info({ taskId }, 'task cancelled or deleted while running; stopped');
      return { status: 'stopped' };
    }
    const attempt = await run.failAttempt(taskId, platforms, error);
    const outcome = attempt.outcome;
    if (attempt.outcome === 'retry') {
      log.warn(
        { taskId, err: error, retry: attempt.retry, maxRetries: attempt.maxRetries },
        `generation attempt failed; retry ${attempt.retry} of ${attempt.maxRetries}`,
      );
      throw error; // the queue retries with backoff
    }
    if (outcome === 'failed') log.warn({ taskId, err: error }, 'generation task failed');
    return { status: outcome };
  }
}
