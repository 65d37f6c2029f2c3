import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ObjectStorage,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  safeKey,
} from './object-storage.ts';

/** Buckets are folders of `root`: {root}/{bucket}/{key}. */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (bucket: string, key: string) => path.join(root, safeKey(bucket), safeKey(key));
  return {
    kind: 'local',
    async putFile(bucket, key, filePath) {
      const target = fileOf(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.partial`;
      await copyFile(filePath, temp);
      await rename(temp, target);
    },
    async size(bucket, key) {
      try {
        const info = await stat(fileOf(bucket, key));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async read(bucket, key, range) {
      // Opened before streaming, so a missing file rejects here and a replaced one is read whole.
      const handle = await open(fileOf(bucket, key)).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new ObjectNotFoundError(bucket, key) : error;
      });
      const info = await handle.stat();
      const refusal = !info.isFile()
        ? new ObjectNotFoundError(bucket, key)
        : range && range.start >= info.size
          ? new RangeNotSatisfiableError(bucket, key, range)
          : null;
      if (refusal) {
        await handle.close();
        throw refusal;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
    async close() {},
  };
}
