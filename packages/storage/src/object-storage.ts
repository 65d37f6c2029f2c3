import path from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/**
 * Buckets of keyed files (spec §7: bucket `podcast-audio`, key `{task id}/final_podcast.mp3`). The
 * podcast service writes through it and the gateway reads through it, so both agree on where an
 * object lives whichever driver is configured.
 */
export type ObjectStorage = {
  kind: 'local' | 's3';
  /** Stores a local file under bucket/key, atomically: readers see the old object or the whole new one. */
  putFile(bucket: string, key: string, filePath: string): Promise<void>;
  /** Size in bytes, or null when there is no such object. */
  size(bucket: string, key: string): Promise<number | null>;
  /**
   * A byte range (inclusive end) or the whole object. Rejects with ObjectNotFoundError when the object
   * is missing and RangeNotSatisfiableError when the range starts past its end.
   */
  read(bucket: string, key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  delete(bucket: string, key: string): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): Promise<void>;
};

export class ObjectNotFoundError extends Error {
  constructor(bucket: string, key: string) {
    super(`No object ${bucket}/${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(bucket: string, key: string, range: ByteRange) {
    super(`Range ${range.start}-${range.end} is past the end of ${bucket}/${key}`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Keys are relative paths without `..`; anything else is refused before it reaches a disk or a bucket. */
export function safeKey(key: string): string {
  const normalized = path.posix.normalize(key);
  if (!key || normalized.startsWith('..') || path.posix.isAbsolute(normalized) || normalized.includes('\0')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return normalized;
}

/** Like safeKey, for keys read from the database: null instead of an exception. */
export function safeKeyOrNull(key: string): string | null {
  try {
    return safeKey(key);
  } catch {
    return null;
  }
}
