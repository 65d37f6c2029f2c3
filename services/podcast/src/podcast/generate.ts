import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PODCAST_BUCKET, type PodcastFailureReason } from '@app/contracts';
import type { Logger } from '@app/logger';
import { defaultPodcastAudioPath } from '@app/rules';
import { createPodcastRun, podcastDone, podcastMetadataOf, TaskBusyError } from '@app/tasks/podcast';
import { joinToMp3 } from '../audio/encode.ts';
import { buildScript, chunkScript } from '../script/script.ts';
import { scriptSegmentsOf } from './chapters.ts';
import { fromDateColumn, zonedDayRange } from './dates.ts';
import { loadDayStories } from './day-stories.ts';
import type { PodcastDeps } from './deps.ts';
import { tagEpisode } from './episode-tags.ts';

export type GenerateResult =
  | { status: 'skipped'; reason: 'missing' | 'completed' }
  | {
      status: 'completed';
      chunks: number;
      reusedChunks: number;
      durationSeconds: number | null;
    };

/**
 * Why this run made no podcast, by its reason code (stored on the task when it fails, shown in both
 * languages). `retryable: false` fails the task at once: another attempt would meet the same wall.
 */
export class PodcastFailure extends Error {
  constructor(
    readonly reason: PodcastFailureReason,
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'PodcastFailure';
  }
}

/** Runs one step of the audio; its error becomes a PodcastFailure with `reason` (a lost lease stays one). */
async function step<T>(reason: PodcastFailureReason, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TaskBusyError || error instanceof PodcastFailure) throw error;
    throw new PodcastFailure(reason, error instanceof Error ? error.message : String(error));
  }
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * One podcast task, pending → processing → completed with its MP3 (or failed, by the caller, once the
 * retries are spent, or at once without a speech engine: a podcast is never completed without audio).
 * Every step is kept, so a crash or a failed chunk resumes where it stopped: the script is saved on
 * the row, each speech chunk is a file named by its index and text, and the MP3 goes to one fixed
 * key, written atomically.
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
  if (podcastDone(task)) return { status: 'skipped', reason: 'completed' };

  const tasks = createPodcastRun(prisma, { leaseMs: deps.leaseMs, now: deps.now });
  const claimed = await tasks.claim(task, jobId, {
    topic_name: task.topic.name,
    // The admin's Podcasts tab shows what this run speaks with, and why (see service.ts).
    tts_engine: deps.speech?.name ?? 'none',
    tts_reason: deps.speechReason,
    encoder: deps.encoder,
  });
  if (claimed === 'completed') return { status: 'skipped', reason: 'completed' };
  if (claimed === 'busy') throw new TaskBusyError(taskId);
  // Keeps the lease while we work; fails when another worker took the task over.
  const heartbeat = () => tasks.heartbeat(taskId, jobId);

  const targetDate = fromDateColumn(task.targetDate);
  let transcript = task.transcript;
  let scriptEngine = podcastMetadataOf(task.metadata).script_engine as string | undefined;
  // Where each story starts in the script: the chapters of the MP3 and of the feed.
  let segments = scriptSegmentsOf(podcastMetadataOf(task.metadata).script_segments);
  if (!transcript) {
    const range = zonedDayRange(targetDate, deps.timeZone);
    const stories = await loadDayStories(prisma, {
      topicId: task.topicId,
      language: task.language,
      from: range.gte,
      to: range.lt,
      limit: deps.maxSummaries,
    });
    if (stories.length === 0) {
      throw new PodcastFailure('no_summaries', `No summaries for ${task.topic.name} on ${targetDate}`);
    }
    const built = await buildScript(
      { topicName: task.topic.name, date: targetDate, language: task.language, summaries: stories },
      deps.llm,
      log,
      { feature: 'podcast_script', topicId: task.topicId },
    );
    transcript = built.text;
    scriptEngine = built.engine;
    segments = built.segments;
    await tasks.saveScript(taskId, transcript, { script_engine: scriptEngine, script_segments: segments });
  }

  await progress(10);
  const audioPath =
    (podcastMetadataOf(task.metadata).final_audio_path as string | undefined) ??
    defaultPodcastAudioPath(taskId);
  if (!deps.speech) {
    // The transcript is kept: readers can read it, and a re-run with an engine speaks the same text.
    throw new PodcastFailure('no_speech_engine', `No speech engine: ${deps.speechReason}`, false);
  }
  const speech = deps.speech;
  const dir = path.join(deps.workDir, taskId);
  await mkdir(dir, { recursive: true });
  const pieces = chunkScript(transcript, deps.chunkChars);
  const files: string[] = [];
  let reusedChunks = 0;
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
    await step('speech_failed', () =>
      speech.synthesize(text, task.language, file, { feature: 'podcast_speech', topicId: task.topicId }),
    );
    await progress(10 + Math.round((75 * (index + 1)) / pieces.length));
  }
  const chunks = pieces.length;
  await heartbeat();
  const finalFile = path.join(dir, 'final.mp3');
  const encoded = await step('audio_failed', () =>
    joinToMp3(files, speech.format, finalFile, deps.encoder, deps.audio),
  );
  const durationSeconds = encoded.durationSeconds;
  // A known length of (nearly) nothing: the engine ran but said nothing, which is no podcast.
  if (durationSeconds !== null && durationSeconds < MIN_AUDIO_SECONDS) {
    await rm(dir, { recursive: true, force: true });
    throw new PodcastFailure('speech_failed', `The speech engine produced no audio (${durationSeconds} s)`);
  }
  // ID3v2 tags and one chapter per story, in the file before it is sized and stored.
  const chapters = await step('audio_failed', () =>
    tagEpisode(finalFile, {
      topic: task.topic,
      date: targetDate,
      language: task.language,
      transcript,
      segments,
      durationSeconds,
    }),
  );
  const bytes = (await stat(finalFile)).size;
  await progress(95);
  await heartbeat();
  await step('audio_failed', () => deps.storage.putFile(PODCAST_BUCKET, audioPath, finalFile));
  await tasks.complete(taskId, {
    final_audio_path: audioPath,
    bucket: PODCAST_BUCKET,
    duration_seconds: durationSeconds,
    bytes,
    mime_type: 'audio/mpeg',
    tts_engine: speech.name,
    encoder: encoded.encoder,
    chunks,
    reused_chunks: reusedChunks,
    chapters,
  });
  await rm(dir, { recursive: true, force: true });
  log.info({ taskId, chunks, reusedChunks, durationSeconds, bytes, scriptEngine }, 'podcast completed');
  return { status: 'completed', chunks, reusedChunks, durationSeconds };
}

/** Shorter than this, an MP3 holds no speech (a flushed encoder alone is a few frames). */
const MIN_AUDIO_SECONDS = 0.1;

/**
 * After the last attempt (or at once, for a failure no retry mends): the task shows as failed with
 * the error's words and its reason code (its chunks stay for a re-run).
 */
export async function markFailed(deps: PodcastDeps, taskId: string, jobId: string, error: unknown) {
  const reason: PodcastFailureReason = error instanceof PodcastFailure ? error.reason : 'error';
  const message = error instanceof Error ? error.message : String(error);
  await createPodcastRun(deps.prisma, { leaseMs: deps.leaseMs, now: deps.now }).fail(
    taskId,
    jobId,
    reason,
    message,
  );
}
