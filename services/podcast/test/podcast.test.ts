import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PODCAST_BUCKET } from '@app/contracts';
import type { Producer } from '@app/queue';
import { type TestDatabase, waitFor } from '@app/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeDuration } from '../src/audio/tools.ts';
import { estimateSpeechSeconds } from '../src/script/script.ts';
import { createTopic, insertSummaries, perFileResources } from './fixtures.ts';

const resources = perFileResources();
let db: TestDatabase;
let producer: Producer;
let storageDir: string;

beforeAll(async () => {
  db = await resources.database();
  storageDir = await resources.tempDir('podcast-test-');
  ({ producer } = await resources.runService(db, storageDir, {
    PODCAST_TTS_ENGINE: 'espeak',
    PODCAST_ENCODER: 'ffmpeg',
    PODCAST_CHUNK_CHARS: '400',
  }));
});

async function completedTasks(topicId: string) {
  return db.prisma.podcastTask.findMany({
    where: { topicId, status: 'completed' },
    orderBy: { language: 'asc' },
  });
}

describe('a day with summaries', () => {
  it('makes one completed podcast per language whose MP3 lasts about as long as its script', async () => {
    const topic = await createTopic(db.prisma, 'AI Tools');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-10', language: 'EN' });
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-10', language: 'ZH' });
    // Another day's summaries are not part of this podcast.
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-09', language: 'EN', repeat: 3 });

    await producer.enqueue('podcast-daily', { targetDate: '2026-03-10' });
    await waitFor(async () => (await completedTasks(topic.id)).length === 2, { timeoutMs: 60_000 });

    const tasks = await completedTasks(topic.id);
    expect(tasks.map((t) => t.language)).toEqual(['EN', 'ZH']);
    for (const task of tasks) {
      const metadata = task.metadata as Record<string, unknown>;
      expect(metadata.final_audio_path).toBe(`${task.id}/final_podcast.mp3`);
      expect(metadata.topic_name).toBe('AI Tools');
      expect(metadata.tts_engine).toBe('espeak');
      expect(task.completedAt).toBeInstanceOf(Date);
      expect(task.targetDate.toISOString().slice(0, 10)).toBe('2026-03-10');
      // The transcript is kept, written from that day's headlines (not the day before's copies).
      expect(task.transcript).toBeTruthy();
      expect(task.transcript).not.toContain('(2)');
      const file = path.join(storageDir, PODCAST_BUCKET, task.id, 'final_podcast.mp3');
      const duration = await probeDuration(file);
      const predicted = estimateSpeechSeconds(task.transcript as string);
      expect(predicted).toBeGreaterThan(20);
      expect(duration).not.toBeNull();
      expect(Math.abs((duration as number) - predicted) / predicted).toBeLessThan(0.2);
      expect(metadata.duration_seconds).toBeCloseTo(duration as number, 1);
    }
    const [en, zh] = tasks;
    expect(en?.transcript).toContain('Open models close the gap with commercial systems');
    expect(zh?.transcript).toContain('开源模型与商业系统的差距正在缩小');
    // Chunk files are removed once the MP3 is stored.
    expect(await readdir(path.join(storageDir, '_work', 'podcast')).catch(() => [])).toEqual([]);

    // Re-running the day replaces nothing that is complete.
    const file = path.join(storageDir, PODCAST_BUCKET, en!.id, 'final_podcast.mp3');
    const before = await stat(file);
    const jobId = await producer.enqueue('podcast-daily', { targetDate: '2026-03-10' });
    const job = await producer.queue('podcast').getJob(jobId);
    await waitFor(async () => (await job?.getState()) === 'completed', { timeoutMs: 20_000 });
    const again = await completedTasks(topic.id);
    expect(again.map((t) => [t.id, t.completedAt?.getTime()])).toEqual(
      tasks.map((t) => [t.id, t.completedAt?.getTime()]),
    );
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    expect((await producer.queue('podcast').getJob(jobId))?.returnvalue).toMatchObject({
      created: 0,
      queued: 0,
      skipped: 2,
    });
  });

  it('makes nothing for a day without summaries', async () => {
    const topic = await createTopic(db.prisma, 'Quiet Topic');
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-01', language: 'EN' });
    const jobId = await producer.enqueue('podcast-daily', { targetDate: '2026-03-02', topicIds: [topic.id] });
    await waitFor(async () => (await producer.queue('podcast').getJob(jobId))?.finishedOn !== undefined, {
      timeoutMs: 20_000,
    });
    const job = await producer.queue('podcast').getJob(jobId);
    expect(job?.returnvalue).toMatchObject({ targetDate: '2026-03-02', created: 0, queued: 0 });
    expect(await db.prisma.podcastTask.count({ where: { topicId: topic.id } })).toBe(0);
  });

  it('skips inactive topics', async () => {
    const topic = await createTopic(db.prisma, 'Paused Topic');
    await db.prisma.topic.update({ where: { id: topic.id }, data: { isActive: false } });
    await insertSummaries(db.prisma, { topicId: topic.id, date: '2026-03-03', language: 'EN' });
    const jobId = await producer.enqueue('podcast-daily', { targetDate: '2026-03-03' });
    await waitFor(async () => (await producer.queue('podcast').getJob(jobId))?.finishedOn !== undefined, {
      timeoutMs: 20_000,
    });
    expect(await db.prisma.podcastTask.count({ where: { topicId: topic.id } })).toBe(0);
  });
});

it('refuses a malformed job payload without touching the database', async () => {
  await expect(producer.enqueue('podcast-daily', { targetDate: '03/10/2026' } as never)).rejects.toThrow(
    /targetDate/,
  );
  await expect(producer.enqueue('generate-podcast', { taskId: 'nope' } as never)).rejects.toThrow(/taskId/);
});
