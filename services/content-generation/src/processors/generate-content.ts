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
import { type GenerationSource, generateCopy } from '../generator.ts';

/** A task left in another state (cancelled, deleted) while this job ran: stop quietly. */
class TaskGone extends Error {}

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
  // Claim: only a pending or (re-delivered) processing task runs.
  const claimed = await prisma.contentGenerationQueue.updateMany({
    where: { id: taskId, status: { in: ['pending', 'processing'] } },
    data: { status: 'processing', startedAt: new Date(), queuePosition: null },
  });
  if (claimed.count === 0) {
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
      await assertStillProcessing(prisma, taskId);
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
      await writeProgress(prisma, taskId, platforms, Math.min(value, 99));
      await reportProgress(value);
    }
    const resultIds = await orderedResultIds(prisma, taskId, platforms);
    const finished = await prisma.contentGenerationQueue.updateMany({
      where: { id: taskId, status: 'processing' },
      data: { status: 'completed', progress: 100, resultIds, completedAt: new Date(), errorMessage: null },
    });
    if (finished.count === 0) throw new TaskGone();
    log.info({ taskId, platforms: platforms.length }, 'generation task completed');
    return { status: 'completed' };
  } catch (error) {
    if (error instanceof TaskGone) {
      log.info({ taskId }, 'task cancelled or deleted while running; stopped');
      return { status: 'stopped' };
    }
    const message = error instanceof Error ? error.message : String(error);
    const current = await prisma.contentGenerationQueue.findUnique({
      where: { id: taskId },
      select: { status: true, retryCount: true, maxRetries: true },
    });
    if (current?.status !== 'processing') return { status: 'stopped' };
    const permanent = error instanceof PermanentError;
    if (!permanent && current.retryCount < current.maxRetries) {
      await prisma.contentGenerationQueue.updateMany({
        where: { id: taskId, status: 'processing' },
        data: { retryCount: { increment: 1 }, errorMessage: message },
      });
      log.warn({ taskId, err: error, retry: current.retryCount + 1 }, 'generation attempt failed; retrying');
      throw error; // BullMQ retries with backoff
    }
    await prisma.contentGenerationQueue.updateMany({
      where: { id: taskId, status: 'processing' },
      data: {
        status: 'failed',
        errorMessage: message,
        completedAt: new Date(),
        resultIds: await orderedResultIds(prisma, taskId, platforms),
      },
    });
    log.warn({ taskId, err: error }, 'generation task failed');
    return { status: 'failed' };
  }
}

export class PermanentError extends Error {}

async function assertStillProcessing(prisma: PrismaClient, taskId: string) {
  const row = await prisma.contentGenerationQueue.findUnique({
    where: { id: taskId },
    select: { status: true },
  });
  if (row?.status !== 'processing') throw new TaskGone();
}

async function orderedResultIds(prisma: PrismaClient, taskId: string, platforms: string[]) {
  const rows = await prisma.userGeneratedContent.findMany({
    where: { taskId },
    select: { id: true, targetPlatform: true },
  });
  return rows
    .sort((a, b) => platforms.indexOf(a.targetPlatform) - platforms.indexOf(b.targetPlatform))
    .map((row) => row.id);
}

async function writeProgress(prisma: PrismaClient, taskId: string, platforms: string[], progress: number) {
  const resultIds = await orderedResultIds(prisma, taskId, platforms);
  const updated = await prisma.contentGenerationQueue.updateMany({
    where: { id: taskId, status: 'processing' },
    data: { progress, resultIds },
  });
  if (updated.count === 0) throw new TaskGone();
}
