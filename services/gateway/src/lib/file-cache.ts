import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the gateway made and can make again (drawn social cards), kept in a directory between
 * processes and restarts, at most `maxBytes` of them: when a write takes the directory past that, the
 * files least recently written or read go first. A file is written beside and renamed into place, so
 * a reader never sees half of one; one that `valid` refuses (another tool's, or damaged) is a miss and
 * is deleted. Any failure of the disk is a miss or a skipped write, reported to `onError`, never an
 * error of the caller's.
 */
export type FileCache = {
  get(name: string): Promise<Buffer | null>;
  set(name: string, data: Buffer): Promise<void>;
  /** Once the directory's size has been seen to (a prune started by a write has finished). */
  settled(): Promise<void>;
};

/** Writes between two looks at the directory's size. */
const PRUNE_EVERY = 50;

export function createFileCache(options: {
  dir: string;
  maxBytes: number;
  valid: (name: string, data: Buffer) => boolean;
  onError?: (error: unknown, action: 'read' | 'write' | 'prune') => void;
}): FileCache {
  const { dir, maxBytes, valid } = options;
  const report = options.onError ?? (() => undefined);
  const fileOf = (name: string) => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) throw new Error(`not a cache file name: ${name}`);
    return path.join(dir, name);
  };
  let writes = 0;
  let pruning: Promise<void> | null = null;

  return {
    async get(name) {
      const file = fileOf(name);
      let data: Buffer;
      try {
        data = await readFile(file);
      } catch (error) {
        // Not there (or no directory at all, which the write reports): a miss like any other.
        if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? ''))
          report(error, 'read');
        return null;
      }
      if (!valid(name, data)) {
        await rm(file, { force: true }).catch((error) => report(error, 'read'));
        return null;
      }
      // Read now: the last to go when the directory is pruned.
      const now = new Date();
      utimes(file, now, now).catch(() => undefined);
      return data;
    },
    async set(name, data) {
      const file = fileOf(name);
      const temporary = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        report(error, 'write');
        await rm(temporary, { force: true }).catch(() => undefined);
        return;
      }
      // In the background: the caller (a request) does not wait for the directory to be listed.
      if (writes++ % PRUNE_EVERY === 0 && !pruning)
        pruning = pruneFiles(dir, maxBytes)
          .catch((error) => report(error, 'prune'))
          .finally(() => {
            pruning = null;
          });
    },
    settled: () => pruning ?? Promise.resolve(),
  };
}

/** Deletes the files of `dir` least recently written or read until they take `maxBytes` at most. */
export async function pruneFiles(dir: string, maxBytes: number): Promise<void> {
  const files: { file: string; size: number; at: number }[] = [];
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) files.push({ file, size: info.size, at: info.mtimeMs });
  }
  let total = files.reduce((sum, file) => sum + file.size, 0);
  files.sort((a, b) => a.at - b.at);
  for (const file of files) {
    if (total <= maxBytes) break;
    await rm(file.file, { force: true });
    total -= file.size;
  }
}
