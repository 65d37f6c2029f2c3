import { env, z } from '@app/config';
import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import type { S3StorageOptions } from './s3-storage.ts';

const httpUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http or https URL' });

/**
 * The storage keys, shared by the writer (podcast) and the reader (gateway): both must be given the
 * same values. Each service adds its own STORAGE_DIR (same default) and runs storageEnvIssues.
 */
export const storageEnvShape = {
  /** `local`: files under STORAGE_DIR; `s3`: an S3-compatible service configured by the S3_* keys. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** S3 API endpoint (MinIO, Ceph, R2, …), e.g. http://127.0.0.1:9000. Unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: httpUrl.optional(),
  /** Region used to sign requests (and of a bucket created on first upload). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Static credentials, both or neither; neither: the AWS SDK's default chain (AWS_* variables, roles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs ({endpoint}/{bucket}/{key}). Default: true with S3_ENDPOINT, false for AWS. */
  S3_FORCE_PATH_STYLE: env.booleanString.optional(),
  /** Prepended verbatim to every bucket name: `acme-` stores podcasts in bucket `acme-podcast-audio`. */
  S3_BUCKET_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,49}$/, 'lowercase letters, digits, dots and hyphens (at most 50)')
    .optional(),
  /** Create a missing bucket on the first upload (needs s3:CreateBucket); false: the bucket must exist. */
  S3_CREATE_BUCKET: env.booleanString.default(true),
};

export type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

/** Cross-key rules, for the service schema's superRefine: `{path, message}` per offending key. */
export function storageEnvIssues(config: StorageEnv): { path: string[]; message: string }[] {
  if (config.STORAGE_DRIVER !== 's3') return [];
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    return [{ path: [missing], message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY or neither' }];
  }
  return [];
}

/** The configured driver; the caller closes it on shutdown. */
export function createStorage(config: StorageEnv & { STORAGE_DIR: string }): ObjectStorage {
  if (config.STORAGE_DRIVER === 'local') return createLocalStorage(config.STORAGE_DIR);
  return lazyS3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    bucketPrefix: config.S3_BUCKET_PREFIX,
    createBucket: config.S3_CREATE_BUCKET,
  });
}

/**
 * The S3 driver, with the AWS SDK (about 10 MiB resident) loaded on the first call rather than when
 * the service starts: a service that never touches storage does not hold it.
 */
function lazyS3Storage(options: S3StorageOptions): ObjectStorage {
  let storage: Promise<ObjectStorage> | undefined;
  const s3 = () => (storage ??= import('./s3-storage.ts').then((module) => module.createS3Storage(options)));
  return {
    kind: 's3',
    putFile: async (bucket, key, filePath) => (await s3()).putFile(bucket, key, filePath),
    size: async (bucket, key) => (await s3()).size(bucket, key),
    read: async (bucket, key, range) => (await s3()).read(bucket, key, range),
    delete: async (bucket, key) => (await s3()).delete(bucket, key),
    close: async () => {
      if (storage) await (await storage).close();
    },
  };
}
