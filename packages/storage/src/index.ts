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
// The S3 driver itself loads on first use (createStorage); its options type is free to import.
export type { S3StorageOptions } from './s3-storage.ts';
