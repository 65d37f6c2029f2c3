import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@app/config';
import { QUEUE_NAMES } from '@app/contracts';
import { bearer, type Gateway, insertUser, login, startGateway, uniqueEmail } from '@app/gateway/testing';
import { createLogger } from '@app/logger';
import { podcastConfigSchema, startService } from '@app/podcast';
import { waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// POST /api/admin/podcasts/generate through the gateway (inject) and the podcast worker in process
// (espeak-ng and ffmpeg, as `pnpm start` runs it without keys), on this file's database and Redis
// prefix, with one storage directory for both. The gateway's clock stands on TODAY at 15:00 UTC.
const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T15:00:00Z`);

let gateway: Gateway;
let storageDir: string;
let worker: Awaited<ReturnType<typeof startService>> | undefined;
let adminToken: string;
let readerToken: string;
let withNews: string;
let quiet: string;
let paused: string;

async function startWorker() {
  const options = gateway.transportOptions;
  const config = loadConfig(podcastConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: gateway.db.url,
    REDIS_URL: options.redisUrl,
    HEALTH_PORT: '0',
    STORAGE_DIR: storageDir,
    PODCAST_TTS_ENGINE: 'espeak',
    PODCAST_CHUNK_CHARS: '600',
  });
  worker = await startService(config, {
    prisma: gateway.db.prisma,
    prefix: options.prefix,
    logger: createLogger('podcast', { level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
}

const generate = (payload: object, token: string | null = adminToken) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/admin/podcasts/generate',
    payload,
    headers: token ? bearer(token) : {},
  });

async function insertSummaries(topicId: string, language: 'EN' | 'ZH', date: string) {
  const stories =
    language === 'EN'
      ? ['Open models close the gap with commercial systems.', 'Indie founders share pricing lessons.']
      : ['开源模型与商业系统的差距正在缩小。', '独立开发者分享定价经验。'];
  await gateway.db.prisma.summary.createMany({
    data: stories.map((headline, i) => ({
      headline,
      content: `${headline} The details are in the source.`,
      summaryType: 'blog_post' as const,
      language,
      topicId,
      metadata: { source_name: `Source ${i + 1}` },
      createdAt: new Date(`${date}T12:0${i}:00Z`),
    })),
  });
}

async function taskStatus(taskId: string) {
  return (await gateway.db.prisma.podcastTask.findUniqueOrThrow({ where: { id: taskId } })).status;
}

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'admin-podcasts-'));
  gateway = await startGateway({ STORAGE_DIR: storageDir }, { clock: () => NOW });
  const admin = await insertUser(gateway.db.prisma, { email: uniqueEmail('admin'), role: 'admin' });
  const reader = await insertUser(gateway.db.prisma, { email: uniqueEmail('reader') });
  adminToken = (await login(gateway, admin.email)).accessToken;
  readerToken = (await login(gateway, reader.email)).accessToken;
  const prisma = gateway.db.prisma;
  withNews = (await prisma.topic.create({ data: { slug: 'ai', name: 'AI Tools' } })).id;
  quiet = (await prisma.topic.create({ data: { slug: 'quiet', name: 'Quiet' } })).id;
  paused = (await prisma.topic.create({ data: { slug: 'paused', name: 'Paused', isActive: false } })).id;
  await insertSummaries(withNews, 'EN', TODAY);
  await insertSummaries(withNews, 'ZH', TODAY);
  await insertSummaries(paused, 'EN', TODAY);
});

afterAll(async () => {
  await worker?.close();
  await gateway?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('access and validation', () => {
  it('answers 401 signed out and 403 to a reader', async () => {
    expect((await generate({}, null)).statusCode).toBe(401);
    expect((await generate({}, readerToken)).statusCode).toBe(403);
    const list = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/podcasts',
      headers: bearer(readerToken),
    });
    expect(list.statusCode).toBe(403);
  });

  it.each([
    [{ target_date: '20/11/2026' }, 'target_date'],
    [{ target_date: '2026-02-30' }, 'target_date'],
    [{ target_date: '2026-11-21' }, 'target_date'], // tomorrow
    [{ target_date: '2020-01-01' }, 'target_date'], // older than a year
    [{ language: 'fr' }, 'language'],
    [{ language: 'EN' }, 'language'],
    [{ topic_id: 'not-a-uuid' }, 'topic_id'],
    [{ topicId: '00000000-0000-4000-8000-000000000000' }, 'body'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const response = await generate(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields ?? {}).join(' ')).toContain(field);
  });

  it('answers 404 for a topic that does not exist and 409 for a paused one', async () => {
    const missing = await generate({ topic_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect((await generate({ topic_id: paused })).statusCode).toBe(409);
  });

  it('makes nothing for a day without summaries', async () => {
    const response = await generate({ topic_id: quiet, language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      target_date: TODAY,
      task_ids: [],
      results: [{ topic_id: quiet, language: 'EN', outcome: 'no_summaries', task_id: null }],
    });
    expect(await gateway.db.prisma.podcastTask.count({ where: { topicId: quiet } })).toBe(0);
  });
});

describe('making a podcast now', () => {
  let enTask: string;

  it('queues one task per topic and language, once, and answers its id', async () => {
    const response = await generate({ topic_id: withNews, language: 'en' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.target_date).toBe(TODAY); // omitted: today in PODCAST_TZ (UTC)
    expect(body.task_ids).toHaveLength(1);
    enTask = body.task_ids[0];
    expect(body.results).toEqual([
      expect.objectContaining({ language: 'EN', outcome: 'queued', task_id: enTask }),
    ]);
    // A second click while it waits adds no job.
    const again = (await generate({ topic_id: withNews, language: 'en' })).json();
    expect(again.task_ids).toEqual([]);
    expect(again.results[0]).toMatchObject({ outcome: 'already_queued', task_id: enTask });
    const jobs = await gateway.producer.queue(QUEUE_NAMES.podcast).getJobs(['waiting', 'delayed']);
    expect(jobs.filter((job) => job.data.taskId === enTask)).toHaveLength(1);
  });

  it('is made by the worker and listed by the public podcast API with its audio', async () => {
    await startWorker();
    await waitFor(async () => (await taskStatus(enTask)) === 'completed', { timeoutMs: 60_000 });
    const list = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts?date=${TODAY}&language=en`,
      headers: bearer(readerToken),
    });
    expect(list.statusCode).toBe(200);
    const [podcast] = list.json().data;
    expect(podcast).toMatchObject({
      id: enTask,
      topic_id: withNews,
      target_date: TODAY,
      status: 'completed',
    });
    expect(podcast.audio_url).toMatch(new RegExp(`^/api/podcasts/${enTask}/audio\\?token=`));
    const audio = await gateway.app.inject({ method: 'GET', url: podcast.audio_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toContain('audio/mpeg');
  });

  it('leaves a done podcast alone', async () => {
    const body = (await generate({ topic_id: withNews, language: 'en' })).json();
    expect(body.task_ids).toEqual([]);
    expect(body.results[0]).toMatchObject({ outcome: 'already_completed', task_id: enTask });
  });

  it('makes a failed podcast again in place of the failed record', async () => {
    const prisma = gateway.db.prisma;
    const failed = await prisma.podcastTask.create({
      data: {
        topicId: withNews,
        targetDate: new Date(`${TODAY}T00:00:00Z`),
        language: 'ZH',
        status: 'failed',
        errorMessage: 'speech engine crashed',
        metadata: { topic_name: 'AI Tools' },
      },
    });
    const listed = await gateway.app.inject({
      method: 'GET',
      url: '/api/admin/podcasts?status=failed',
      headers: bearer(adminToken),
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: failed.id, status: 'failed', error_message: 'speech engine crashed' }),
    ]);

    const body = (await generate({ topic_id: withNews, target_date: TODAY, language: 'zh' })).json();
    expect(body.task_ids).toEqual([failed.id]);
    await waitFor(async () => (await taskStatus(failed.id)) === 'completed', { timeoutMs: 60_000 });
    const rows = await prisma.podcastTask.findMany({ where: { topicId: withNews, language: 'ZH' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: failed.id, status: 'completed', errorMessage: null });
    const zh = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts?date=${TODAY}&language=zh`,
      headers: bearer(readerToken),
    });
    expect(zh.json().data.map((p: { id: string }) => p.id)).toEqual([failed.id]);
  });

  it('covers every active topic and both languages when nothing is named', async () => {
    const body = (await generate({})).json();
    const seen = body.results.map(
      (r: { topic_id: string; language: string; outcome: string }) =>
        `${r.topic_id}:${r.language}:${r.outcome}`,
    );
    expect(seen.sort()).toEqual(
      [
        `${withNews}:EN:already_completed`,
        `${withNews}:ZH:already_completed`,
        `${quiet}:EN:no_summaries`,
        `${quiet}:ZH:no_summaries`,
      ].sort(),
    );
    expect(body.task_ids).toEqual([]);
  });
});
