import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { bearer, type Gateway, insertUser, login, startGateway, uniqueEmail } from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { podcastConfigSchema, startService } from '@app/podcast';
import { waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The gateway (inject) and the podcast worker in process, on one database, Redis prefix and storage
// directory: a podcast the worker could not speak is failed with its reason, readers and admins see
// why in the API, and the admin's "make again" makes it with audio once the worker can speak (here
// with espeak-ng from npm: the system espeak-ng and ffmpeg are hidden from the worker).
const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T15:00:00Z`);

let gateway: Gateway;
let storageDir: string;
let worker: Awaited<ReturnType<typeof startService>> | undefined;
let adminToken: string;
let readerToken: string;
let topicId: string;

async function startWorker(env: Record<string, string>) {
  await worker?.close();
  const options = gateway.transportOptions;
  const config = loadConfig(podcastConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: gateway.db.url,
    REDIS_URL: options.redisUrl,
    HEALTH_PORT: '0',
    STORAGE_DIR: storageDir,
    PODCAST_CHUNK_CHARS: '600',
    ...env,
  });
  worker = await startService(config, {
    prisma: gateway.db.prisma,
    prefix: options.prefix,
    logger: createLogger('podcast', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    findExecutable: async () => null,
  });
}

const get = (url: string, token: string) =>
  gateway.app.inject({ method: 'GET', url, headers: bearer(token) });
const generate = (payload: object) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/admin/podcasts/generate',
    payload,
    headers: bearer(adminToken),
  });
const taskOf = (id: string) => gateway.db.prisma.podcastTask.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'podcast-speech-fallback-'));
  gateway = await startGateway({ STORAGE_DIR: storageDir }, { clock: () => NOW });
  const admin = await insertUser(gateway.db.prisma, { email: uniqueEmail('admin'), role: 'admin' });
  const reader = await insertUser(gateway.db.prisma, { email: uniqueEmail('reader') });
  adminToken = (await login(gateway, admin.email)).accessToken;
  readerToken = (await login(gateway, reader.email)).accessToken;
  topicId = (await gateway.db.prisma.topic.create({ data: { slug: 'voices', name: 'Voices' } })).id;
  await gateway.db.prisma.summary.createMany({
    data: ['开源模型与商业系统的差距正在缩小。', '独立开发者分享定价经验。'].map((headline, i) => ({
      headline,
      content: `${headline} 详细内容见原文。`,
      summaryType: 'blog_post' as const,
      language: 'ZH' as const,
      topicId,
      metadata: { source_name: `来源 ${i + 1}` },
      createdAt: new Date(`${TODAY}T12:0${i}:00Z`),
    })),
  });
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('a podcast the worker could not speak', () => {
  let taskId: string;

  it('is failed with its reason, not completed without audio', async () => {
    await startWorker({ PODCAST_TTS_ENGINE: 'none' });
    const body = (await generate({ topic_id: topicId, language: 'zh' })).json();
    expect(body.results).toEqual([expect.objectContaining({ outcome: 'queued' })]);
    taskId = body.task_ids[0];
    await waitFor(async () => (await taskOf(taskId)).status === 'failed', { timeoutMs: 30_000 });
    expect(await taskOf(taskId)).toMatchObject({ completedAt: null, errorMessage: expect.any(String) });
  });

  it('is shown to readers with the reason and its transcript, and to admins with the engine', async () => {
    const listed = (await get(`/api/podcasts?date=${TODAY}&language=zh`, readerToken)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: taskId,
        status: 'failed',
        failure_reason: 'no_speech_engine',
        audio_url: null,
        has_transcript: true,
      }),
    ]);
    const transcript = (await get(`/api/podcasts/${taskId}/transcript`, readerToken)).json();
    expect(transcript.transcript).toContain('开源模型与商业系统的差距正在缩小');

    const admin = (await get('/api/admin/podcasts', adminToken)).json();
    expect(admin.data).toEqual([
      expect.objectContaining({
        id: taskId,
        status: 'failed',
        failure_reason: 'no_speech_engine',
        error_message: 'No speech engine: PODCAST_TTS_ENGINE=none',
        tts_engine: 'none',
      }),
    ]);
    expect(admin.speech).toMatchObject({ tts_engine: 'none', reason: 'PODCAST_TTS_ENGINE=none' });
  });

  it('is made again with audio by the admin’s "make again", once the worker can speak', async () => {
    await startWorker({});
    const body = (await generate({ topic_id: topicId, target_date: TODAY, language: 'zh' })).json();
    expect(body.results).toEqual([expect.objectContaining({ outcome: 'queued', task_id: taskId })]);
    await waitFor(async () => (await taskOf(taskId)).status === 'completed', { timeoutMs: 60_000 });

    const [podcast] = (await get(`/api/podcasts?date=${TODAY}&language=zh`, readerToken)).json().data;
    expect(podcast).toMatchObject({ id: taskId, status: 'completed', failure_reason: null });
    expect(podcast.duration_seconds).toBeGreaterThan(3);
    const audio = await gateway.app.inject({ method: 'GET', url: podcast.audio_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toContain('audio/mpeg');
    // An MPEG audio frame (or an ID3 tag before the frames) at the start.
    const head = audio.rawPayload.subarray(0, 3);
    expect(head.toString('latin1') === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)).toBe(
      true,
    );

    const admin = (await get('/api/admin/podcasts', adminToken)).json();
    expect(admin.data[0]).toMatchObject({
      id: taskId,
      status: 'completed',
      failure_reason: null,
      error_message: null,
      tts_engine: 'espeak-wasm',
      encoder: 'lamejs',
    });
    expect(admin.speech).toMatchObject({ tts_engine: 'espeak-wasm', encoder: 'lamejs' });
  });

  it('makes a podcast that an older worker completed text-only again, rather than calling it done', async () => {
    const prisma = gateway.db.prisma;
    const old = await prisma.podcastTask.create({
      data: {
        topicId,
        targetDate: new Date('2026-11-19T00:00:00Z'),
        language: 'ZH',
        status: 'completed',
        completedAt: new Date('2026-11-19T01:00:00Z'),
        transcript: 'Voices 2026-11-19：一条从未被朗读的新闻。',
        metadata: { topic_name: 'Voices', tts_engine: null, audio: false },
      },
    });
    await prisma.summary.create({
      data: {
        headline: '昨天的新闻。',
        content: '昨天的新闻。',
        summaryType: 'blog_post',
        language: 'ZH',
        topicId,
        createdAt: new Date('2026-11-19T12:00:00Z'),
      },
    });
    const admin = (await get('/api/admin/podcasts?date=2026-11-19', adminToken)).json();
    expect(admin.data[0]).toMatchObject({
      id: old.id,
      status: 'completed',
      failure_reason: 'no_speech_engine',
    });
    const body = (await generate({ topic_id: topicId, target_date: '2026-11-19', language: 'zh' })).json();
    expect(body.results).toEqual([expect.objectContaining({ outcome: 'queued', task_id: old.id })]);
    await waitFor(
      async () => {
        const task = await taskOf(old.id);
        return task.status === 'completed' && (task.metadata as { audio?: unknown }).audio === undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect((await taskOf(old.id)).metadata).toMatchObject({ tts_engine: 'espeak-wasm' });
  });
});
