import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ConfigError, loadConfig, z } from '@app/config';
import { type FakeS3, startFakeS3 } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createStorage,
  ObjectNotFoundError,
  type ObjectStorage,
  RangeNotSatisfiableError,
  type S3StorageOptions,
  safeKey,
  storageEnvIssues,
  storageEnvShape,
} from '../src/index.ts';
import { createS3Storage } from '../src/s3-storage.ts';

let dir: string;
let s3: FakeS3;
const content = Buffer.from('0123456789');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  await writeFile(path.join(dir, 'source.mp3'), content);
  s3 = await startFakeS3();
});

afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const s3Options = (extra: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  endpoint: s3.endpoint,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  createBucket: true,
  ...extra,
});

/** The behaviour both drivers promise, so the gateway reads either the same way. */
function describeContract(name: string, make: () => ObjectStorage) {
  describe(`${name} storage`, () => {
    it('stores a file, reports its size and reads it whole or by inclusive byte range', async () => {
      const storage = make();
      await storage.putFile('bucket', 'task/final.mp3', path.join(dir, 'source.mp3'));
      expect(await storage.size('bucket', 'task/final.mp3')).toBe(10);
      expect(await text(await storage.read('bucket', 'task/final.mp3'))).toBe('0123456789');
      expect(await text(await storage.read('bucket', 'task/final.mp3', { start: 2, end: 5 }))).toBe('2345');
      expect(await text(await storage.read('bucket', 'task/final.mp3', { start: 9, end: 9 }))).toBe('9');
      await storage.close();
    });

    it('answers missing objects with null or ObjectNotFoundError, and a range past the end with 416', async () => {
      const storage = make();
      await storage.putFile('bucket', 'short.mp3', path.join(dir, 'source.mp3'));
      expect(await storage.size('bucket', 'missing.mp3')).toBeNull();
      expect(await storage.size('no-such-bucket', 'missing.mp3')).toBeNull();
      await expect(storage.read('bucket', 'missing.mp3')).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.read('bucket', 'short.mp3', { start: 10, end: 20 })).rejects.toBeInstanceOf(
        RangeNotSatisfiableError,
      );
      await storage.close();
    });

    it('overwrites in place and deletes (a missing object is no error)', async () => {
      const storage = make();
      const other = path.join(dir, 'other.mp3');
      await writeFile(other, 'abc');
      await storage.putFile('bucket', 'again.mp3', path.join(dir, 'source.mp3'));
      await storage.putFile('bucket', 'again.mp3', other);
      expect(await text(await storage.read('bucket', 'again.mp3'))).toBe('abc');
      await storage.delete('bucket', 'again.mp3');
      expect(await storage.size('bucket', 'again.mp3')).toBeNull();
      await storage.delete('bucket', 'again.mp3');
      await storage.close();
    });

    it('refuses keys that would leave the bucket', async () => {
      const storage = make();
      await expect(storage.putFile('bucket', '../etc/passwd', path.join(dir, 'source.mp3'))).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.read('bucket', '/abs')).rejects.toThrow(/Invalid storage key/);
      expect(() => safeKey('a/../../b')).toThrow();
      await storage.close();
    });
  });
}

describeContract('local', () => createLocalStorage(path.join(dir, 'store')));
describeContract('S3', () => createS3Storage(s3Options()));
describeContract('S3 through createStorage (SDK loaded on first use)', () =>
  createStorage({
    STORAGE_DRIVER: 's3',
    STORAGE_DIR: dir,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: true,
    S3_CREATE_BUCKET: true,
  }),
);

describe('S3 storage against the fake server', () => {
  it('writes signed path-style requests, with the content type and the bucket prefix', async () => {
    const storage = createS3Storage(s3Options({ bucketPrefix: 'acme-' }));
    const before = s3.requests.length;
    await storage.putFile('podcast-audio', 'task-1/final_podcast.mp3', path.join(dir, 'source.mp3'));
    const object = s3.getObject('acme-podcast-audio', 'task-1/final_podcast.mp3');
    expect(object?.body.equals(content)).toBe(true);
    expect(object?.contentType).toBe('audio/mpeg');
    const sent = s3.requests.slice(before);
    // First upload: NoSuchBucket → CreateBucket → PutObject again.
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /acme-podcast-audio/task-1/final_podcast.mp3',
      'PUT /acme-podcast-audio/',
      'PUT /acme-podcast-audio/task-1/final_podcast.mp3',
    ]);
    expect(sent[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=FAKEACCESSKEY\//);
    // The body is signed (its SHA-256), not sent as UNSIGNED-PAYLOAD.
    expect(sent[0]?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    await storage.close();
  });

  it('does not create buckets when told not to', async () => {
    const storage = createS3Storage(s3Options({ bucketPrefix: 'locked-', createBucket: false }));
    await expect(storage.putFile('podcast-audio', 'x.mp3', path.join(dir, 'source.mp3'))).rejects.toThrow(
      /bucket does not exist/,
    );
    expect(s3.buckets.has('locked-podcast-audio')).toBe(false);
    await storage.close();
  });

  it('fails on a wrong secret (the fake checks the SigV4 signature)', async () => {
    const storage = createS3Storage(s3Options({ secretAccessKey: 'not-the-secret' }));
    await expect(storage.size('bucket', 'task/final.mp3')).rejects.toThrow();
    await expect(storage.putFile('bucket', 'y.mp3', path.join(dir, 'source.mp3'))).rejects.toThrow(
      /signature/i,
    );
    await storage.close();
  });

  it('retries a failing store and then reports the failure', async () => {
    const storage = createS3Storage(s3Options());
    s3.failNext(1, 503);
    await storage.putFile('bucket', 'retried.mp3', path.join(dir, 'source.mp3'));
    expect(s3.getObject('bucket', 'retried.mp3')?.body.equals(content)).toBe(true);
    s3.failNext(3, 500, 'disk on fire');
    await expect(storage.putFile('bucket', 'lost.mp3', path.join(dir, 'source.mp3'))).rejects.toThrow(
      /disk on fire/,
    );
    await storage.close();
  });
});

describe('storage configuration', () => {
  const schema = z.object(storageEnvShape).superRefine((config, ctx) => {
    for (const issue of storageEnvIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  });
  const load = (env: Record<string, string>) => loadConfig(schema, env);
  const badKeys = (env: Record<string, string>) => {
    try {
      load(env);
      return [];
    } catch (error) {
      return (error as ConfigError).keys;
    }
  };

  it('defaults to local files; S3 defaults to us-east-1, path style for a custom endpoint', () => {
    expect(load({})).toMatchObject({
      STORAGE_DRIVER: 'local',
      S3_REGION: 'us-east-1',
      S3_CREATE_BUCKET: true,
    });
    expect(createStorage({ ...load({}), STORAGE_DIR: dir }).kind).toBe('local');
    expect(createStorage({ ...load({ STORAGE_DRIVER: 's3', ...s3.env }), STORAGE_DIR: dir }).kind).toBe('s3');
  });

  it('names every bad key', () => {
    expect(badKeys({ STORAGE_DRIVER: 'ftp' })).toEqual(['STORAGE_DRIVER']);
    expect(
      badKeys({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'not a url',
        S3_FORCE_PATH_STYLE: 'maybe',
        S3_BUCKET_PREFIX: 'Upper_Case',
      }),
    ).toEqual(['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_BUCKET_PREFIX']);
    expect(badKeys({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'ftp://x' })).toEqual(['S3_ENDPOINT']);
    expect(badKeys({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'AKID' })).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(badKeys({ STORAGE_DRIVER: 's3', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual(['S3_ACCESS_KEY_ID']);
    expect(badKeys({ STORAGE_DRIVER: 's3' })).toEqual([]);
  });
});
