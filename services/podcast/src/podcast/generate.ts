import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { defaultPodcastAudioPath, PODCAST_BUCKET } from '@app/contracts';
import type { Prisma } from '@app/db';
import type { Logger } from '@app/logger';
import { joinToMp3 } from '../audio/encode.ts';
import { buildScript, chunkScript } from '../script/script.ts';
import { fromDateColumn, zonedDayRange } from './dates.ts';
import { loadDayStories } from './day-stories.ts';
import type { PodcastDeps } from './deps.ts';

export type GenerateResult =
  | { status: 'skipped'; reason: 'missing' | 'completed' }
  | {
      status: 'completed';
      audio: boolean;
      chunks: number;
      reusedChunks: number;
      durationSeconds: number | null;
    };

/** Another worker holds the task; the job retries later (with backoff) and finds it done or free. */
export class TaskBusyError extends Error {
  constructor(taskId: string) {
    super(`Podcast task ${taskId} is being processed by another worker`);
    this.name = 'TaskBusyError';
  }
}

type Metadata = Record<string, unknown>;
const metadataOf = (value: Prisma.JsonValue): Metadata =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Metadata) } : {};

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * One podcast task, pending → processing → completed (or failed, by the caller, once the retries
 * are spent). Every step is kept, so a crash or a failed chunk resumes where it stopped: the script
 * is saved on the row, each speech chunk is a file named by its index and text, and the MP3 goes
 * to one fixed key, written atomically.
 */
export async function generatePodcast(
  deps: PodcastDeps,
  taskId: string,
  jobId: string,
  log: Logger,
  /** The job's progress (0–100) for the admin queue view: script 10, speech up to 85, encoded 95. */
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<GenerateResult> {
  const { prisma } = deps;
  const task = await prisma.podcastTask.findUnique({ where: { id: taskId }, include: { topic: true } });
  if (!task) return { status: 'skipped', reason: 'missing' };
  if (task.status === 'completed') return { status: 'skipped', reason: 'completed' };

  // Claim: free tasks, tasks whose worker stopped reporting, or this same job re-run after a stall.
  const leaseCutoff = new Date(deps.now().getTime() - deps.leaseMs);
  const claimed = await prisma.podcastTask.updateMany({
    where: {
      id: taskId,
      OR: [
        { status: { in: ['pending', 'failed'] } },
        { status: 'processing', updatedAt: { lt: leaseCutoff } },
        { status: 'processing', metadata: { path: ['worker_job_id'], equals: jobId } },
      ],
    },
    data: {
      status: 'processing',
      startedAt: deps.now(),
      errorMessage: null,
      metadata: { ...metadataOf(task.metadata), topic_name: task.topic.name, worker_job_id: jobId },
    },
  });
  if (claimed.count === 0) {
    const now = await prisma.podcastTask.findUnique({ where: { id: taskId }, select: { status: true } });
    if (now?.status === 'completed') return { status: 'skipped', reason: 'completed' };
    throw new TaskBusyError(taskId);
  }
  // Keeps the lease while we work; fails when another worker took the task over.
  const heartbeat = async () => {
    const renewed = await prisma.podcastTask.updateMany({
      where: { id: taskId, status: 'processing', metadata: { path: ['worker_job_id'], equals: jobId } },
      data: { updatedAt: deps.now() },
    });
    if (renewed.count === 0) throw new TaskBusyError(taskId);
  };

  const targetDate = fromDateColumn(task.targetDate);
  let transcript = task.transcript;
  let scriptEngine = metadataOf(task.metadata).script_engine as string | undefined;
  if (!transcript) {
    const range = zonedDayRange(targetDate, deps.timeZone);
    const stories = await loadDayStories(prisma, {
      topicId: task.topicId,
      language: task.language,
      from: range.gte,
      to: range.lt,
      limit: deps.maxSummaries,
    });
    if (stories.length === 0) throw new Error(`No summaries for ${task.topic.name} on ${targetDate}`);
    const built = await buildScript(
      { topicName: task.topic.name, date: targetDate, language: task.language, summaries: stories },
      deps.llm,
      log,
      { feature: 'podcast_script', topicId: task.topicId },
    );
    transcript = built.text;
    scriptEngine = built.engine;
    await prisma.podcastTask.update({
      where: { id: taskId },
      data: {
        transcript,
        metadata: { ...(await currentMetadata(deps, taskId)), script_engine: scriptEngine },
      },
    });
  }

  await progress(10);
  const audioPath =
    (metadataOf(task.metadata).final_audio_path as string | undefined) ?? defaultPodcastAudioPath(taskId);
  let chunks = 0;
  let reusedChunks = 0;
  let durationSeconds: number | null = null;
  let bytes: number | null = null;
  if (deps.speech) {
    const speech = deps.speech;
    const dir = path.join(deps.workDir, taskId);
    await mkdir(dir, { recursive: true });
    const pieces = chunkScript(transcript, deps.chunkChars);
    const files: string[] = [];
    for (const [index, text] of pieces.entries()) {
      const hash = createHash('sha1')
        .update(`${speech.name}:${task.language}:${text}`)
        .digest('hex')
        .slice(0, 12);
      const file = path.join(dir, `chunk-${String(index).padStart(4, '0')}-${hash}.${speech.format}`);
      files.push(file);
      if (await fileExists(file)) {
        reusedChunks += 1;
        continue;
      }
      await heartbeat();
      await speech.synthesize(text, task.language, file, {
        feature: 'podcast_speech',
        topicId: task.topicId,
      });
      await progress(10 + Math.round((75 * (index + 1)) / pieces.length));
    }
    chunks = pieces.length;
    await heartbeat();
    const finalFile = path.join(dir, 'final.mp3');
    const encoded = await joinToMp3(files, speech.format, finalFile, deps.encoder);
    durationSeconds = encoded.durationSeconds;
    bytes = (await stat(finalFile)).size;
    await progress(95);
    await heartbeat();
    await deps.storage.putFile(PODCAST_BUCKET, audioPath, finalFile);
    await prisma.podcastTask.update({
      where: { id: taskId },
      data: {
        status: 'completed',
        completedAt: deps.now(),
        metadata: {
          ...(await currentMetadata(deps, taskId)),
          final_audio_path: audioPath,
          bucket: PODCAST_BUCKET,
          duration_seconds: durationSeconds,
          bytes,
          mime_type: 'audio/mpeg',
          tts_engine: speech.name,
          encoder: encoded.encoder,
          chunks,
          reused_chunks: reusedChunks,
        },
      },
    });
    await rm(dir, { recursive: true, force: true });
  } else {
    // No speech engine: the podcast is its transcript; the page shows 'audio not available'.
    await prisma.podcastTask.update({
      where: { id: taskId },
      data: {
        status: 'completed',
        completedAt: deps.now(),
        metadata: { ...(await currentMetadata(deps, taskId)), tts_engine: null, audio: false },
      },
    });
  }
  log.info({ taskId, chunks, reusedChunks, durationSeconds, bytes, scriptEngine }, 'podcast completed');
  return { status: 'completed', audio: Boolean(deps.speech), chunks, reusedChunks, durationSeconds };
}

async function currentMetadata(deps: PodcastDeps, taskId: string): Promise<Metadata> {
  const row = await deps.prisma.podcastTask.findUnique({ where: { id: taskId }, select: { metadata: true } });
  return row ? metadataOf(row.metadata) : {};
}

/** After the last attempt: the task shows as failed with the reason (its chunks stay for a re-run). */
export async function markFailed(deps: PodcastDeps, taskId: string, jobId: string, message: string) {
  await deps.prisma.podcastTask.updateMany({
    where: { id: taskId, status: 'processing', metadata: { path: ['worker_job_id'], equals: jobId } },
    data: { status: 'failed', errorMessage: message.slice(0, 1000) },
  });
}
