import { Readable } from 'node:stream';
import { AppError, PODCAST_BUCKET } from '@app/contracts';
import { defaultPodcastAudioPath } from '@app/rules';
import { type ByteRange, ObjectNotFoundError, type ObjectStorage, safeKeyOrNull } from '@app/storage';

/** What an audio route sends: the bytes asked for, or 416 with the file's size. */
export type AudioAnswer =
  | { unsatisfiable: true; size: number }
  | { unsatisfiable: false; size: number; range: ByteRange | null; body: Readable };

/**
 * The read side of the podcast service's object storage (@app/storage: local files or S3, the same
 * STORAGE_DRIVER on both sides). The key of a task's MP3 in PODCAST_BUCKET; a key that would leave
 * the bucket is treated as missing.
 */
export function podcastAudioKey(taskId: string, metadata: Record<string, unknown>): string | null {
  const key =
    typeof metadata.final_audio_path === 'string' && metadata.final_audio_path
      ? metadata.final_audio_path
      : defaultPodcastAudioPath(taskId);
  return safeKeyOrNull(key);
}

/** Size of the MP3, or null when there is none (or it is empty). */
export async function audioSize(storage: ObjectStorage, key: string | null): Promise<number | null> {
  if (!key) return null;
  const size = await storage.size(PODCAST_BUCKET, key);
  return size && size > 0 ? size : null;
}

/**
 * RFC 9110 Range for one range of bytes: `bytes=a-b`, `bytes=a-`, `bytes=-n`. Returns null for a
 * missing or unusable header (serve the whole file), 'unsatisfiable' for a range past the end.
 * Of several ranges only the first is served.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (!first && !last) return null;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** Opens the bytes to send (S3: a GetObject with Range); an object gone since audioSize is a 404. */
export async function readAudio(storage: ObjectStorage, key: string, range?: ByteRange) {
  try {
    return await storage.read(PODCAST_BUCKET, key, range);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new AppError('NOT_FOUND', 'Audio not available');
    throw error;
  }
}

/**
 * The MP3 of a completed podcast (null: none), whole or the one range asked for; `withBody: false`
 * (HEAD) spares reading or downloading the file. Callers decide who may ask first.
 */
export async function openPodcastAudio(
  storage: ObjectStorage,
  task: { id: string; metadata: Record<string, unknown> } | null,
  request: { range?: string; withBody: boolean },
): Promise<AudioAnswer> {
  const key = task ? podcastAudioKey(task.id, task.metadata) : null;
  const size = await audioSize(storage, key);
  if (!key || !size) throw new AppError('NOT_FOUND', 'Audio not available');
  const range = parseRange(request.range, size);
  if (range === 'unsatisfiable') return { unsatisfiable: true, size };
  const body = request.withBody ? await readAudio(storage, key, range ?? undefined) : Readable.from([]);
  return { unsatisfiable: false, size, range, body };
}
