import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { PODCAST_BUCKET } from '@app/contracts';
import { createProducer, createQueueTransport, type RunningService } from '@app/queue';
import {
  freePort,
  type FakeOpenAI,
  spawnService,
  startFakeOpenAI,
  waitFor,
  waitForHealthy,
} from '@app/testing';
import { expect, it } from 'vitest';
import { probeDuration } from '../src/audio/tools.ts';
import { podcastConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';
import { createTopic, insertSummaries, perTestResources, testLogger as logger } from './fixtures.ts';

const { defer, database, tempDir, runService } = perTestResources();

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

// Two service processes in turn, each making speech with espeak: slow on a loaded two-core machine.
it('finishes the same task without a second file after the worker is killed mid-job', async () => {
  const db = await database();
  const storageDir = await tempDir('podcast-kill-');
  const topic = await createTopic(db.prisma, 'Crash Topic');
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-04-01', language: 'EN', repeat: 12 });
  // Queues on PostgreSQL (no REDIS_URL): the child's default queue namespace lives in this test database.
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    STORAGE_DIR: storageDir,
    PODCAST_TTS_ENGINE: 'espeak',
    PODCAST_CHUNK_CHARS: '200',
    PODCAST_MAX_SUMMARIES: '36',
    PODCAST_LEASE_SECONDS: '1',
    LOG_LEVEL: 'info',
  };
  const port = await freePort();
  const child = spawnService({
    entry: 'src/main.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...env, HEALTH_PORT: String(port) },
  });
  defer(() => child.stop('SIGKILL'));
  await waitForHealthy(child, `http://127.0.0.1:${port}/readyz`);
  const transport = createQueueTransport({ databaseUrl: db.url });
  const producer = createProducer(transport);
  defer(
    () => transport.close(),
    () => producer.close(),
  );
  await producer.enqueue('podcast-daily', { targetDate: '2026-04-01' });

  // Kill -9 once a few speech chunks exist and before the MP3 is stored.
  const workDir = path.join(storageDir, '_work', 'podcast');
  await waitFor(async () => (await listFiles(workDir)).filter((f) => f.endsWith('.wav')).length >= 3, {
    timeoutMs: 30_000,
    intervalMs: 10,
  });
  child.child.kill('SIGKILL');
  await child.exited;
  const task = await db.prisma.podcastTask.findFirstOrThrow({ where: { topicId: topic.id } });
  expect(task.status).toBe('processing');
  const chunksBefore = (await listFiles(workDir)).filter((f) => f.endsWith('.wav'));
  expect(chunksBefore.length).toBeGreaterThanOrEqual(3);
  expect(await listFiles(path.join(storageDir, PODCAST_BUCKET))).toEqual([]);

  // Retry: a new worker, and the day re-run once the dead worker's lease has run out.
  const config = loadConfig(podcastConfigSchema, { ...env, HEALTH_PORT: '0' });
  const service: RunningService = await startService(config, { prisma: db.prisma, logger });
  defer(() => service.close());
  await new Promise((resolve) => setTimeout(resolve, 1200));
  await producer.enqueue('podcast-daily', { targetDate: '2026-04-01' });
  await waitFor(
    async () => (await db.prisma.podcastTask.findUnique({ where: { id: task.id } }))?.status === 'completed',
    { timeoutMs: 60_000 },
  );

  expect(await db.prisma.podcastTask.count({ where: { topicId: topic.id } })).toBe(1);
  const done = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
  const metadata = done.metadata as { reused_chunks: number; chunks: number; duration_seconds: number };
  expect(metadata.reused_chunks).toBeGreaterThanOrEqual(chunksBefore.length);
  expect(metadata.chunks).toBeGreaterThan(metadata.reused_chunks);
  expect(await listFiles(path.join(storageDir, PODCAST_BUCKET))).toEqual([`${task.id}/final_podcast.mp3`]);
  const duration = await probeDuration(path.join(storageDir, PODCAST_BUCKET, task.id, 'final_podcast.mp3'));
  expect(duration).toBeCloseTo(metadata.duration_seconds, 1);
}, 90_000);

it('retries a failed speech chunk without redoing the finished ones (OpenAI speech, LLM script)', async () => {
  const db = await database();
  const storageDir = await tempDir('podcast-openai-');
  let speechCalls = 0;
  const fake: FakeOpenAI = await startFakeOpenAI({
    chat: () => ({
      title: 'Speech Topic, the daily briefing',
      segments: [1, 2, 3, 4].map((n) => ({
        heading: `Story ${n}`,
        text: `This is the spoken text of story number ${n}. It is long enough to need its own speech request, because each request carries at most two hundred characters of script.`,
      })),
      outro: 'Thanks for listening.',
    }),
    speech: async () => {
      speechCalls += 1;
      // The request after the second one fails once.
      if (speechCalls === 2) fake.failNext(1, 500, 'speech overloaded');
      const { silentMp3 } = await import('@app/testing');
      return silentMp3(40);
    },
  });
  defer(() => fake.close());
  const topic = await createTopic(db.prisma, 'Speech Topic');
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-05-01', language: 'EN' });
  const { producer } = await runService(db, storageDir, {
    OPENAI_BASE_URL: `${fake.baseURL}`,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_TTS_MODEL: 'tts-test',
    PODCAST_CHUNK_CHARS: '200',
  });

  await producer.enqueue('podcast-daily', { targetDate: '2026-05-01' });
  await waitFor(
    async () =>
      (await db.prisma.podcastTask.findFirst({ where: { topicId: topic.id } }))?.status === 'completed',
    { timeoutMs: 60_000 },
  );
  const task = await db.prisma.podcastTask.findFirstOrThrow({ where: { topicId: topic.id } });
  const metadata = task.metadata as Record<string, unknown>;
  expect(metadata.tts_engine).toBe('openai');
  expect(metadata.script_engine).toBe('llm');
  const speechRequests = fake.requests.filter((r) => r.path === '/v1/audio/speech');
  const chunks = metadata.chunks as number;
  expect(chunks).toBeGreaterThanOrEqual(3);
  // Every chunk once, plus the one failed request; the retry reused the chunks made before it.
  expect(speechRequests.length).toBe(chunks + 1);
  expect(metadata.reused_chunks).toBe(2);
  // The structured script was asked for with a JSON schema.
  const chat = fake.requests.find((r) => r.path === '/v1/chat/completions');
  expect(JSON.stringify(chat?.body)).toContain('json_schema');
  expect(task.transcript).toContain('This is the spoken text of story number 4.');
  expect(
    await probeDuration(path.join(storageDir, PODCAST_BUCKET, task.id, 'final_podcast.mp3')),
  ).toBeGreaterThan(0);
});
