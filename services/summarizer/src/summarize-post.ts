import { type Language, Prisma, type PrismaClient, SUMMARY_TYPE_BY_PLATFORM } from '@app/db';
import type { Llm } from '@app/llm';
import type { Logger } from '@app/logger';
import { generateSummary } from './generate.ts';
import { postText } from './post-text.ts';
import { sourceMetadata } from './summary-metadata.ts';

export type SummarizeDeps = {
  prisma: PrismaClient;
  llm: Llm;
  log: Logger;
  maxInputChars: number;
  /**
   * Called once a new summary is stored: queues its story clustering (its own job, so clustering
   * never delays summaries). A failure is only logged: the scheduled backlog job catches it up.
   */
  onSummaryStored?: (summaryId: string) => Promise<unknown>;
};

export async function announceSummary(deps: SummarizeDeps, summaryId: string): Promise<void> {
  try {
    await deps.onSummaryStored?.(summaryId);
  } catch (error) {
    deps.log.warn({ summaryId, err: error }, 'story clustering not queued; the backlog job will cluster it');
  }
}

export type SummarizeOutcome =
  | { status: 'created'; summaryId: string; generator: string }
  | { status: 'exists'; summaryId: string }
  | { status: 'skipped'; reason: string };

/**
 * One summary per post and language (unique in the database): a retry or a duplicate job finds
 * the existing row and only marks the post summarized.
 */
export async function summarizePost(
  deps: SummarizeDeps,
  input: { postId: string; language?: Language; lastAttempt: boolean },
): Promise<SummarizeOutcome> {
  const { prisma } = deps;
  const post = await prisma.post.findUnique({
    where: { id: input.postId },
    include: { datasource: { include: { topic: true } } },
  });
  if (!post) return { status: 'skipped', reason: 'post deleted' };
  const datasource = post.datasource;
  const language = input.language ?? datasource.language;
  const existing = await prisma.summary.findUnique({
    where: { postId_language: { postId: post.id, language } },
    select: { id: true },
  });
  if (existing) {
    await markSummarized(prisma, post.id);
    return { status: 'exists', summaryId: existing.id };
  }
  const summaryType = SUMMARY_TYPE_BY_PLATFORM[datasource.platform];
  const text = postText(post.content) || post.title;
  const meta = (post.metadata ?? {}) as Record<string, unknown>;
  const generated = await generateSummary(
    deps.llm,
    {
      language,
      title: post.title,
      text,
      kind: summaryType,
      extraContext: post.author ? `Author: ${post.author}` : undefined,
      usage: { feature: 'summary', topicId: datasource.topicId },
    },
    { maxInputChars: deps.maxInputChars, fallbackOnError: input.lastAttempt },
  );
  const metadata = {
    ...sourceMetadata(datasource),
    post_title: post.title,
    post_url: post.url,
    title: post.title,
    author: post.author,
    published_at: post.publishedAt?.toISOString() ?? null,
    ...(summaryType === 'youtube_video' ? { video_title: post.title, video_id: meta.video_id ?? null } : {}),
    ...(summaryType === 'podcast' ? { episode_title: post.title, audio_url: meta.audio_url ?? null } : {}),
    ...(meta.keyword ? { keyword: meta.keyword } : {}),
    generator: generated.generator,
    ...(generated.model ? { model: generated.model } : {}),
    ...(generated.llmError ? { llm_error: generated.llmError } : {}),
  };
  try {
    const summary = await prisma.summary.create({
      data: {
        headline: generated.headline,
        content: generated.content,
        summaryType,
        language,
        sourceUrls: [post.url],
        metadata,
        postId: post.id,
        datasourceId: datasource.id,
        topicId: datasource.topicId,
      },
      select: { id: true },
    });
    await markSummarized(prisma, post.id);
    await announceSummary(deps, summary.id);
    return { status: 'created', summaryId: summary.id, generator: generated.generator };
  } catch (error) {
    // A concurrent job for the same post and language won the race: theirs stands.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await prisma.summary.findUniqueOrThrow({
        where: { postId_language: { postId: post.id, language } },
        select: { id: true },
      });
      await markSummarized(prisma, post.id);
      return { status: 'exists', summaryId: winner.id };
    }
    throw error;
  }
}

async function markSummarized(prisma: PrismaClient, postId: string) {
  await prisma.post.updateMany({
    where: { id: postId, status: { not: 'summarized' } },
    data: { status: 'summarized' },
  });
}

export type SummarizePostsOutcome = { created: number; exists: number; skipped: number; failed: number };

/**
 * A crawl's new posts, `concurrency` at a time. Every post is tried even when one fails; the
 * job then fails with the first error, so its retry finds the finished ones by their unique
 * (post, language) row and only does what is left.
 */
export async function summarizePosts(
  deps: SummarizeDeps,
  input: {
    postIds: string[];
    language?: Language;
    lastAttempt: boolean;
    concurrency: number;
    onProgress?: (done: number, total: number) => Promise<void>;
  },
): Promise<SummarizePostsOutcome> {
  const outcome: SummarizePostsOutcome = { created: 0, exists: 0, skipped: 0, failed: 0 };
  const errors: unknown[] = [];
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < input.postIds.length) {
      const postId = input.postIds[next++]!;
      try {
        const result = await summarizePost(deps, {
          postId,
          language: input.language,
          lastAttempt: input.lastAttempt,
        });
        outcome[result.status] += 1;
      } catch (error) {
        outcome.failed += 1;
        errors.push(error);
        deps.log.warn({ postId, err: error }, 'summary failed; the job will retry it');
      }
      done += 1;
      await input.onProgress?.(done, input.postIds.length);
    }
  };
  const lanes = Math.max(1, Math.min(input.concurrency, input.postIds.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (errors.length > 0) throw errors[0];
  return outcome;
}
