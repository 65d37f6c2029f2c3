import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  type ObjectStorage,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  safeKey,
} from './object-storage.ts';

export type S3StorageOptions = {
  /** Unset: AWS S3 itself, in `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}`; what MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Prepended to every logical bucket name (`acme-` → `acme-podcast-audio`). */
  bucketPrefix?: string;
  /** Create a missing bucket on the first upload (needs s3:CreateBucket). */
  createBucket: boolean;
};

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const nameOf = (error: unknown) => (error instanceof S3ServiceException ? error.name : undefined);

/** S3-compatible storage (AWS S3, MinIO, Ceph RGW, R2, …) through the official SDK. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 trailers (aws-chunked uploads) are not understood by every S3-compatible
    // store; checksums only where the API demands them, as those stores' docs recommend.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // An unreachable endpoint fails the job (which retries) instead of hanging it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const bucketOf = (bucket: string) => `${options.bucketPrefix ?? ''}${bucket}`;
  const created = new Set<string>();

  const createBucket = async (name: string) => {
    if (created.has(name)) return;
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: name,
          // us-east-1 is the one region that refuses an explicit location constraint.
          CreateBucketConfiguration:
            options.region === 'us-east-1' ? undefined : { LocationConstraint: options.region as never },
        }),
      );
    } catch (error) {
      if (nameOf(error) !== 'BucketAlreadyOwnedByYou' && nameOf(error) !== 'BucketAlreadyExists') throw error;
    }
    created.add(name);
  };

  return {
    kind: 's3',
    async putFile(bucket, key, filePath) {
      const name = bucketOf(bucket);
      const objectKey = safeKey(key);
      // A buffer rather than a file stream: the SDK can re-send it on a retry and sign its hash.
      // The objects here are MP3s of a few MB; PutObject itself is atomic for readers.
      const body = await readFile(filePath);
      const put = () =>
        client.send(
          new PutObjectCommand({
            Bucket: name,
            Key: objectKey,
            Body: body,
            ContentLength: body.length,
            ContentType: CONTENT_TYPES[objectKey.split('.').pop() ?? ''] ?? 'application/octet-stream',
          }),
        );
      try {
        await put();
      } catch (error) {
        if (!options.createBucket || nameOf(error) !== 'NoSuchBucket') throw error;
        await createBucket(name);
        await put();
      }
    },
    async size(bucket, key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucketOf(bucket), Key: safeKey(key) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async read(bucket, key, range) {
      const objectKey = safeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucketOf(bucket),
            Key: objectKey,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream');
        // A store that ignored Range would send the whole object under a partial Content-Length.
        if (range && !object.ContentRange) {
          object.Body.destroy();
          throw new Error(`S3 endpoint ignored Range for ${bucket}/${objectKey}`);
        }
        return object.Body;
      } catch (error) {
        if (statusOf(error) === 404) throw new ObjectNotFoundError(bucket, objectKey);
        if (range && (statusOf(error) === 416 || nameOf(error) === 'InvalidRange')) {
          throw new RangeNotSatisfiableError(bucket, objectKey, range);
        }
        throw error;
      }
    },
    async delete(bucket, key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucketOf(bucket), Key: safeKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing key; only a missing bucket comes back as 404.
        if (statusOf(error) !== 404) throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
