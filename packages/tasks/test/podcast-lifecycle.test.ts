import { createTestDatabase, seedSummary, seedTopic, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPodcastRun, createPodcastTasks, podcastDone, TaskBusyError } from '../src/podcast/index.ts';

let db: TestDatabase;
let topicId: string;
let clock = Date.now();
const now = () => new Date(clock);
const LEASE_MS = 60_000;

beforeAll(async () => {
  db = await createTestDatabase();
  topicId = (await seedTopic(db.prisma, { name: 'AI Tools', nameZh: 'AI 工具' })).id;
  await seedSummary(db.prisma, { topicId, createdAt: new Date(Date.UTC(2026, 5, 10, 12)) });
});
afterAll(() => db?.drop());

describe('a podcast task’s life, from the schedule, the admin and the worker', () => {
  it('is made once per topic, date and language, only for a day with summaries', async () => {
    const tasks = createPodcastTasks(db.prisma);
    const counts = await tasks.summaryCounts([topicId], ['EN', 'ZH'], {
      from: new Date(Date.UTC(2026, 5, 10)),
      to: new Date(Date.UTC(2026, 5, 11)),
    });
    expect(counts.get(`${topicId}:EN`)).toBe(1);
    expect(counts.get(`${topicId}:ZH`)).toBeUndefined();
    const key = { topicId, date: '2026-06-10', language: 'EN' as const };
    const first = await tasks.findOrCreate(key, 'AI Tools');
    const again = await tasks.findOrCreate(key, 'AI Tools');
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, task: { id: first.task.id, status: 'pending' } });
  });

  it('is held by one worker under a lease; a silent worker loses it, and its late writes change nothing', async () => {
    const tasks = createPodcastTasks(db.prisma);
    const run = createPodcastRun(db.prisma, { leaseMs: LEASE_MS, now });
    const { task } = await tasks.findOrCreate({ topicId, date: '2026-06-09', language: 'EN' }, 'AI Tools');
    expect(await run.claim(task, 'job-a', { tts_engine: 'espeak-ng' })).toBe('claimed');
    expect(await run.claim(task, 'job-b', {})).toBe('busy');
    const held = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(run.isLeased(held)).toBe(true);

    clock += LEASE_MS + 1000;
    expect(run.isLeased(held)).toBe(false);
    expect(await run.claim(task, 'job-b', {})).toBe('claimed');
    await expect(run.heartbeat(task.id, 'job-a')).rejects.toBeInstanceOf(TaskBusyError);
    await run.fail(task.id, 'job-a', 'speech_failed', 'late failure of a worker that lost the task');
    expect(await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({
      status: 'processing',
      metadata: expect.objectContaining({ worker_job_id: 'job-b' }),
    });

    await run.heartbeat(task.id, 'job-b');
    await run.saveScript(task.id, 'Hello and welcome.', { script_engine: 'template' });
    await run.complete(task.id, { final_audio_path: `podcasts/${task.id}.mp3`, duration_seconds: 42 });
    const done = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(done).toMatchObject({ status: 'completed', transcript: 'Hello and welcome.' });
    expect(done.metadata).toMatchObject({
      script_engine: 'template',
      duration_seconds: 42,
      worker_job_id: 'job-b',
    });
    expect(podcastDone(done)).toBe(true);
    expect(await run.claim(done, 'job-c', {})).toBe('completed');
    expect(await tasks.startRun(done, { number: 1, jobId: 'run-1' }, now())).toBe(false);
  });

  it('fails with its reason, and the admin hands it to one new run however many click', async () => {
    const tasks = createPodcastTasks(db.prisma);
    const run = createPodcastRun(db.prisma, { leaseMs: LEASE_MS, now });
    const { task } = await tasks.findOrCreate({ topicId, date: '2026-06-08', language: 'ZH' }, 'AI Tools');
    await run.claim(task, 'job-a', {});
    await run.fail(task.id, 'job-a', 'no_speech_engine', 'No speech engine');
    const failed = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(failed).toMatchObject({ status: 'failed', errorMessage: 'No speech engine' });
    expect(failed.metadata).toMatchObject({ failure_reason: 'no_speech_engine' });

    const clicks = await Promise.all(
      [1, 2, 3].map(() => tasks.startRun(failed, { number: 1, jobId: 'run-1' }, new Date(clock + 1))),
    );
    expect(clicks.filter(Boolean)).toHaveLength(1);
    // The next claim starts without the last run's outcome.
    const pending = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(await run.claim(pending, 'run-1', {})).toBe('claimed');
    const claimed = await db.prisma.podcastTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(claimed.metadata).not.toHaveProperty('failure_reason');
    expect(claimed.metadata).toMatchObject({ admin_run: 1, worker_job_id: 'run-1' });
  });
});
