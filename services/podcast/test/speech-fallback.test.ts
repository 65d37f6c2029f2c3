import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { PODCAST_BUCKET } from '@app/contracts';
import { createProducer, createQueueTransport, type RunningService } from '@app/queue';
import {
  cleanupPrefix,
  freePort,
  spawnService,
  type TestDatabase,
  testTransportOptions,
  waitFor,
  waitForHealthy,
} from '@app/testing';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import type { SpeechEngine } from '../src/audio/tts.ts';
import { podcastConfigSchema } from '../src/config.ts';
import { estimateSpeechSeconds } from '../src/script/script.ts';
import { type ServiceOverrides, startService } from '../src/service.ts';
import { createTopic, insertSummaries, perTestResources, testLogger as logger } from './fixtures.ts';

// A machine with Node.js and npm only: no espeak-ng program, no ffmpeg, no ffprobe, no API key.

const { defer, database, tempDir } = perTestResources();

/** The MP3 as a real decoder reads it. */
async function decode(file: string) {
  return (await parseFile(file, { duration: true })).format;
}

/** Peak resident memory of a Linux process, in MiB (null elsewhere). */
async function peakRssMiB(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const kib = status?.match(/^VmHWM:\s+(\d+) kB/m)?.[1];
  return kib ? Number(kib) / 1024 : null;
}

it('makes podcasts with audio in English and Mandarin where neither espeak-ng nor ffmpeg is installed', async () => {
  const db = await database();
  const storageDir = await tempDir('podcast-npm-speech-');
  // A PATH with no program at all: the service finds no espeak-ng, ffmpeg or ffprobe.
  const emptyPath = await tempDir('podcast-empty-path-');
  const topic = await createTopic(db.prisma, 'Plain Node');
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-01', language: 'EN', repeat: 2 });
  await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-01', language: 'ZH', repeat: 2 });
  const port = await freePort();
  // As `pnpm start` runs it without keys and without redis-server: the queues on PostgreSQL.
  const child = spawnService({
    entry: 'src/main.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      PATH: emptyPath,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      STORAGE_DIR: storageDir,
      HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
      PODCAST_CHUNK_CHARS: '300',
    },
  });
  defer(() => child.stop('SIGKILL'));
  await waitForHealthy(child, `http://127.0.0.1:${port}/readyz`);
  const idlePeak = await peakRssMiB(child.child.pid as number);
  // The engine is named at start-up, with the reason it was chosen.
  expect(child.output()).toContain(
    'podcast engines: speech espeak-wasm (no OpenAI speech and no espeak-ng program on the PATH), MP3 by lamejs',
  );

  const transport = createQueueTransport({ databaseUrl: db.url });
  const producer = createProducer(transport);
  defer(
    () => transport.close(),
    () => producer.close(),
  );
  await producer.enqueue('podcast-daily', { targetDate: '2026-06-01' });
  await waitFor(
    async () =>
      (await db.prisma.podcastTask.count({ where: { topicId: topic.id, status: 'completed' } })) === 2,
    { timeoutMs: 90_000 },
  );

  const tasks = await db.prisma.podcastTask.findMany({
    where: { topicId: topic.id },
    orderBy: { language: 'asc' },
  });
  expect(tasks.map((t) => [t.language, t.status])).toEqual([
    ['EN', 'completed'],
    ['ZH', 'completed'],
  ]);
  for (const task of tasks) {
    const metadata = task.metadata as Record<string, unknown>;
    expect(metadata).toMatchObject({ tts_engine: 'espeak-wasm', encoder: 'lamejs', mime_type: 'audio/mpeg' });
    expect(metadata.chunks, task.language).toBeGreaterThan(1);
    const format = await decode(path.join(storageDir, PODCAST_BUCKET, task.id, 'final_podcast.mp3'));
    expect(format.codec).toBe('MPEG 2 Layer 3');
    expect(format.bitrate).toBe(64_000);
    expect(format.numberOfChannels).toBe(1);
    const predicted = estimateSpeechSeconds(task.transcript as string);
    expect(predicted).toBeGreaterThan(20);
    expect(Math.abs((format.duration as number) - predicted) / predicted).toBeLessThan(0.3);
    expect(metadata.duration_seconds).toBeCloseTo(format.duration as number, 0);
  }
  // Speech and encoding ran on one worker thread (PODCAST_AUDIO_THREADS) with a capped young
  // generation: what it added to the process's peak stays bounded. From sources the thread also runs
  // tsx (on Node 22 and later with a loader thread of its own), hence the room above a compiled build.
  const peak = await peakRssMiB(child.child.pid as number);
  if (peak !== null && idlePeak !== null) expect(peak - idlePeak).toBeLessThan(450);
}, 120_000);

describe('a podcast whose speech step made nothing', () => {
  async function startWorker(env: Record<string, string>, overrides: ServiceOverrides = {}) {
    const db = await database();
    const storageDir = await tempDir('podcast-no-audio-');
    const options = testTransportOptions(db.url);
    const config = loadConfig(podcastConfigSchema, {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: options.redisUrl,
      HEALTH_PORT: '0',
      STORAGE_DIR: storageDir,
      ...env,
    });
    const service: RunningService = await startService(config, {
      prisma: db.prisma,
      prefix: options.prefix,
      logger,
      ...overrides,
    });
    const transport = createQueueTransport(options);
    const producer = createProducer(transport);
    defer(
      () => cleanupPrefix(options.prefix),
      () => service.close(),
      () => transport.close(),
      () => producer.close(),
    );
    return { db, producer, storageDir };
  }

  const settled = (db: TestDatabase, id: string) =>
    waitFor(
      async () => {
        const status = (await db.prisma.podcastTask.findUnique({ where: { id } }))?.status;
        return status === 'failed' || status === 'completed';
      },
      { timeoutMs: 60_000 },
    );

  it('fails at once without a speech engine, with its reason, keeping the transcript to read', async () => {
    const { db, producer } = await startWorker({ PODCAST_TTS_ENGINE: 'none' });
    const topic = await createTopic(db.prisma, 'Silent');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-02', language: 'ZH' });
    await producer.enqueue('podcast-daily', { targetDate: '2026-06-02' });
    await waitFor(async () => (await db.prisma.podcastTask.count({ where: { topicId: topic.id } })) === 1);
    const { id } = await db.prisma.podcastTask.findFirstOrThrow({ where: { topicId: topic.id } });
    await settled(db, id);

    const task = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id } });
    expect(task).toMatchObject({
      status: 'failed',
      completedAt: null,
      errorMessage: 'No speech engine: PODCAST_TTS_ENGINE=none',
    });
    expect(task.transcript).toContain('开源模型与商业系统的差距正在缩小');
    expect(task.metadata).toMatchObject({
      failure_reason: 'no_speech_engine',
      tts_engine: 'none',
      tts_reason: 'PODCAST_TTS_ENGINE=none',
    });
    // Not retried: another attempt would meet the same missing engine (the admin's re-run is the retry).
    const [job] = await producer.queue('podcast').getJobs(['failed']);
    expect(job?.name).toBe('generate-podcast');
    expect(job?.attemptsMade).toBe(1);
  });

  it('fails with speech_failed when the engine says nothing, and with its error when it breaks', async () => {
    // An engine that writes a valid WAV without a single sample, or throws, as a broken engine does.
    let mode: 'silent' | 'broken' = 'silent';
    const engine: SpeechEngine = {
      name: 'espeak-wasm',
      format: 'wav',
      provider: 'offline',
      model: 'test',
      async synthesize(_text, _language, outFile) {
        if (mode === 'broken') throw new Error('voice data is missing');
        const header = Buffer.alloc(44);
        header.write('RIFF', 0, 'ascii');
        header.writeUInt32LE(36, 4);
        header.write('WAVEfmt ', 8, 'ascii');
        header.writeUInt32LE(16, 16);
        header.writeUInt16LE(1, 20);
        header.writeUInt16LE(1, 22);
        header.writeUInt32LE(22050, 24);
        header.writeUInt32LE(44100, 28);
        header.writeUInt16LE(2, 32);
        header.writeUInt16LE(16, 34);
        header.write('data', 36, 'ascii');
        await writeFile(outFile, header);
      },
    };
    const { db, producer } = await startWorker({ PODCAST_ENCODER: 'lamejs' }, { speech: engine });
    const topic = await createTopic(db.prisma, 'Mute');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-03', language: 'EN' });
    const make = async (language: 'EN' | 'ZH') => {
      if (language === 'ZH') {
        await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-03', language: 'ZH' });
      }
      const task = await db.prisma.podcastTask.create({
        data: {
          topicId: topic.id,
          targetDate: new Date('2026-06-03T00:00:00Z'),
          language,
          status: 'pending',
        },
      });
      await producer.enqueue('generate-podcast', { taskId: task.id }, { attempts: 1 });
      await settled(db, task.id);
      return db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    };

    const silent = await make('EN');
    expect(silent.status).toBe('failed');
    expect(silent.errorMessage).toMatch(/produced no audio/);
    expect(silent.metadata).toMatchObject({ failure_reason: 'speech_failed' });

    mode = 'broken';
    const broken = await make('ZH');
    expect(broken.status).toBe('failed');
    expect(broken.errorMessage).toBe('voice data is missing');
    expect(broken.metadata).toMatchObject({ failure_reason: 'speech_failed' });
  });

  it('makes a podcast that an older worker completed text-only again, this time with audio', async () => {
    const nowhere = async () => null;
    const { db, producer, storageDir } = await startWorker({}, { findExecutable: nowhere });
    const topic = await createTopic(db.prisma, 'Old Install');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-06-04', language: 'EN' });
    const old = await db.prisma.podcastTask.create({
      data: {
        topicId: topic.id,
        targetDate: new Date('2026-06-04T00:00:00Z'),
        language: 'EN',
        status: 'completed',
        completedAt: new Date('2026-06-05T00:00:00Z'),
        transcript: 'Old Install for 2026-06-04. A story that was never spoken.',
        metadata: { topic_name: 'Old Install', tts_engine: null, audio: false },
      },
    });
    // The daily planner takes it up again, as it does a failed one.
    await producer.enqueue('podcast-daily', { targetDate: '2026-06-04' });
    await waitFor(
      async () => {
        const task = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: old.id } });
        return task.status === 'completed' && (task.metadata as { audio?: unknown }).audio === undefined;
      },
      { timeoutMs: 60_000 },
    );
    const task = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: old.id } });
    expect(task.metadata).toMatchObject({ tts_engine: 'espeak-wasm', encoder: 'lamejs' });
    const format = await decode(path.join(storageDir, PODCAST_BUCKET, old.id, 'final_podcast.mp3'));
    expect(format.duration).toBeGreaterThan(2);
  });
});
