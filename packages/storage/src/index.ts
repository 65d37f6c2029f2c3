export { createStorage, type StorageEnv, storageEnvIssues, storageEnvShape } from './config.ts';
export { createLocalStorage } from './local-storage.ts';
export {
  type ByteRange,
  ObjectNotFoundError,
  type ObjectStorage,
  RangeNotSatisfiableError,
  safeKey,
  safeKeyOrNull,
} from './object-storage.ts';
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
