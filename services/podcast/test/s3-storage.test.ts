import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { PODCAST_BUCKET } from '@app/contracts';
import type { Producer } from '@app/queue';
import { type FakeS3, startFakeS3, type TestDatabase, waitFor } from '@app/testing';
import { beforeAll, expect, it } from 'vitest';
import { probeDuration } from '../src/audio/tools.ts';
import { podcastConfigSchema } from '../src/config.ts';
import { createTopic, insertSummaries, perFileResources } from './fixtures.ts';

// STORAGE_DRIVER=s3: the finished MP3 goes to the bucket through the AWS SDK (a local fake S3 server
// that checks every request's SigV4 signature), not to STORAGE_DIR.
const resources = perFileResources();
let db: TestDatabase;
let s3: FakeS3;
let producer: Producer;
let storageDir: string;

beforeAll(async () => {
  db = await resources.database();
  s3 = await startFakeS3();
  resources.defer(() => s3.close());
  storageDir = await resources.tempDir('podcast-s3-');
  ({ producer } = await resources.runService(db, storageDir, {
    STORAGE_DRIVER: 's3',
    ...s3.env,
    PODCAST_TTS_ENGINE: 'espeak',
    PODCAST_CHUNK_CHARS: '400',
  }));
});

async function podcastOf(topicName: string, date: string) {
  const topic = await createTopic(db.prisma, topicName);
  await insertSummaries(db.prisma, { topicId: topic.id, date, language: 'EN' });
  await producer.enqueue('podcast-daily', { targetDate: date, topicIds: [topic.id], languages: ['EN'] });
  await waitFor(
    async () =>
      (await db.prisma.podcastTask.findFirst({ where: { topicId: topic.id } }))?.status === 'completed',
    { timeoutMs: 60_000 },
  );
  const task = await db.prisma.podcastTask.findFirstOrThrow({ where: { topicId: topic.id } });
  return { task, metadata: task.metadata as Record<string, unknown> };
}

it('stores the finished MP3 in the podcast-audio bucket, creating the bucket on first use', async () => {
  const { task, metadata } = await podcastOf('S3 Topic', '2026-04-01');
  const key = `${task.id}/final_podcast.mp3`;
  expect(metadata.final_audio_path).toBe(key);
  const object = s3.getObject(PODCAST_BUCKET, key);
  expect(object).toBeDefined();
  expect(object?.body.length).toBe(metadata.bytes);
  expect(object?.contentType).toBe('audio/mpeg');
  // The bytes are the podcast: an MP3 as long as the task says.
  const copy = path.join(storageDir, 'downloaded.mp3');
  await writeFile(copy, object?.body ?? Buffer.alloc(0));
  expect(await probeDuration(copy)).toBeCloseTo(metadata.duration_seconds as number, 1);
  // Nothing went to the local directory, and the chunks are gone.
  expect(await readdir(storageDir)).not.toContain(PODCAST_BUCKET);
  expect(await readdir(path.join(storageDir, '_work', 'podcast')).catch(() => [])).toEqual([]);
  // Every request was signed for the configured key (the fake refuses anything else).
  const puts = s3.requests.filter((r) => r.method === 'PUT');
  expect(puts.map((r) => r.path)).toContain(`/${PODCAST_BUCKET}/${key}`);
  expect(puts.every((r) => String(r.headers.authorization).includes(`Credential=${s3.accessKeyId}/`))).toBe(
    true,
  );
});

it('retries the job when the upload fails, reusing the speech chunks, and stores one object', async () => {
  // The next upload fails on all of the SDK's attempts: the job's first attempt fails at storage.
  s3.failNext(3, 500, 'storage hiccup');
  const { task, metadata } = await podcastOf('S3 Outage Topic', '2026-04-02');
  expect(metadata.reused_chunks).toBe(metadata.chunks);
  const key = `${task.id}/final_podcast.mp3`;
  expect(s3.getObject(PODCAST_BUCKET, key)?.body.length).toBe(metadata.bytes);
  // Three refused uploads, then the one that landed; a re-run overwrites the same key.
  const objectPuts = s3.requests.filter((r) => r.method === 'PUT' && r.path === `/${PODCAST_BUCKET}/${key}`);
  expect(objectPuts.length).toBeGreaterThanOrEqual(4);
  const keys = [...(s3.buckets.get(PODCAST_BUCKET)?.keys() ?? [])];
  expect(keys.filter((k) => k.startsWith(`${task.id}/`))).toEqual([key]);
});

it('refuses bad S3 settings at start, naming the keys', () => {
  expect(() =>
    loadConfig(podcastConfigSchema, {
      STORAGE_DRIVER: 's3',
      S3_SECRET_ACCESS_KEY: 'x',
      S3_BUCKET_PREFIX: 'A_',
    }),
  ).toThrow(/S3_BUCKET_PREFIX.*S3_ACCESS_KEY_ID/);
});
