import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

let gateway: Gateway;
let storageDir: string;
let token: string;
const audio = randomBytes(10_000);
const ids = {} as Record<'betaNew' | 'alphaNew' | 'alphaOld' | 'alphaZh' | 'pending' | 'custom', string>;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'gw-podcasts-'));
  gateway = await startGateway({ STORAGE_DIR: storageDir });
  const prisma = gateway.db.prisma;
  token = (await signedInUser(gateway, {}, 'listener')).accessToken;
  const alpha = await prisma.topic.create({ data: { name: 'Alpha', slug: 'alpha-pod', nameZh: '阿尔法' } });
  const beta = await prisma.topic.create({ data: { name: 'Beta', slug: 'beta-pod' } });
  const task = (topicId: string, date: string, language: 'EN' | 'ZH', extra: object = {}) =>
    prisma.podcastTask.create({
      data: {
        topicId,
        targetDate: new Date(`${date}T00:00:00Z`),
        language,
        status: 'completed',
        completedAt: new Date(),
        transcript: `Transcript of ${date} ${language}`,
        metadata: { topic_name: 'x', duration_seconds: 61.5 },
        ...extra,
      },
    });
  ids.betaNew = (await task(beta.id, '2026-02-02', 'EN')).id;
  ids.alphaNew = (await task(alpha.id, '2026-02-02', 'EN')).id;
  ids.alphaOld = (await task(alpha.id, '2026-02-01', 'EN')).id;
  ids.alphaZh = (await task(alpha.id, '2026-02-02', 'ZH')).id;
  ids.pending = (await task(beta.id, '2026-02-01', 'EN', { status: 'processing', completedAt: null })).id;
  ids.custom = (
    await task(beta.id, '2026-01-30', 'EN', { metadata: { final_audio_path: 'custom/file.mp3' } })
  ).id;
  for (const [id, key] of [
    [ids.alphaNew, `${ids.alphaNew}/final_podcast.mp3`],
    [ids.alphaZh, `${ids.alphaZh}/final_podcast.mp3`],
    [ids.custom, 'custom/file.mp3'],
  ] as const) {
    const file = path.join(storageDir, 'podcast-audio', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, audio);
    void id;
  }
});

afterAll(async () => {
  await gateway?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const list = async (query = '') =>
  gateway.app.inject({ method: 'GET', url: `/api/podcasts${query}`, headers: bearer(token) });

describe('GET /api/podcasts', () => {
  it('needs a signed-in user', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/podcasts' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lists completed podcasts by date (newest first), then topic name, in the UI language', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      id: string;
      topic_name: string;
      target_date: string;
      audio_url: string | null;
    }[];
    expect(data.map((p) => p.id)).toEqual([ids.alphaNew, ids.betaNew, ids.alphaOld, ids.custom]);
    expect(data[0]).toMatchObject({
      topic_name: 'Alpha',
      target_date: '2026-02-02',
      language: 'EN',
      duration_seconds: 61.5,
      has_transcript: true,
    });
    // Missing file: no audio URL (the page says 'audio not available').
    expect(data.find((p) => p.id === ids.betaNew)?.audio_url).toBeNull();
    expect(data[0]?.audio_url).toMatch(new RegExp(`^/api/podcasts/${ids.alphaNew}/audio\\?token=`));
    const zh = (await list('?language=zh')).json().data;
    expect(zh.map((p: { id: string }) => p.id)).toEqual([ids.alphaZh]);
    expect(zh[0].topic_name).toBe('阿尔法');
  });

  it('filters by date and topic', async () => {
    expect((await list('?date=2026-02-01')).json().data.map((p: { id: string }) => p.id)).toEqual([
      ids.alphaOld,
    ]);
    const beta = await gateway.db.prisma.topic.findUniqueOrThrow({ where: { slug: 'beta-pod' } });
    expect((await list(`?topic_id=${beta.id}`)).json().data.map((p: { id: string }) => p.id)).toEqual([
      ids.betaNew,
      ids.custom,
    ]);
  });

  it('refuses bad filters with field errors', async () => {
    for (const query of ['?date=2026-13-45', '?date=yesterday', '?topic_id=abc', '?language=fr']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/podcasts/:id/audio', () => {
  const audioUrl = async (id: string) => {
    const data = (await list()).json().data as { id: string; audio_url: string }[];
    return data.find((p) => p.id === id)?.audio_url as string;
  };

  it('streams the whole file, and byte ranges as 206 with the right bytes', async () => {
    const url = await audioUrl(ids.alphaNew);
    const full = await gateway.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(audio)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=100-199', 100, 199],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-50', 9950, 9999],
      ['bytes=0-0', 0, 0],
      ['bytes=9000-20000', 9000, 9999],
    ];
    for (const [range, start, end] of cases) {
      const res = await gateway.app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(audio.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await gateway.app.inject({ method: 'GET', url, headers: { range: 'bytes=10000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10000');
  });

  it('serves metadata.final_audio_path when set', async () => {
    const res = await gateway.app.inject({
      method: 'GET',
      url: await audioUrl(ids.custom),
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(audio.subarray(0, 10))).toBe(true);
  });

  it('accepts a Bearer token instead of the signed URL', async () => {
    const res = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.alphaZh}/audio`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses visitors, another podcast’s token and an access token in the URL', async () => {
    const none = await gateway.app.inject({ method: 'GET', url: `/api/podcasts/${ids.alphaNew}/audio` });
    expect(none.statusCode).toBe(401);
    const other = (await audioUrl(ids.alphaNew)).split('token=')[1];
    const wrong = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.custom}/audio?token=${other}`,
    });
    expect(wrong.statusCode).toBe(401);
    const access = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.alphaNew}/audio?token=${token}`,
    });
    expect(access.statusCode).toBe(401);
    const junk = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.alphaNew}/audio?token=junk`,
    });
    expect(junk.statusCode).toBe(401);
  });

  it('answers 404 for a missing file or an unfinished task, 400 for a bad id', async () => {
    const missing = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.betaNew}/audio`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    const pending = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.pending}/audio`,
      headers: bearer(token),
    });
    expect(pending.statusCode).toBe(404);
    const bad = await gateway.app.inject({
      method: 'GET',
      url: '/api/podcasts/nope/audio',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/podcasts/:id/transcript', () => {
  it('returns the transcript to signed-in users only', async () => {
    const url = `/api/podcasts/${ids.alphaOld}/transcript`;
    expect((await gateway.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await gateway.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ids.alphaOld,
      language: 'EN',
      transcript: 'Transcript of 2026-02-01 EN',
    });
    const pending = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.pending}/transcript`,
      headers: bearer(token),
    });
    expect(pending.statusCode).toBe(404);
  });
});

describe('a podcast without audio', () => {
  it('is listed when its script was written, with the reason, and its transcript can be read', async () => {
    const prisma = gateway.db.prisma;
    const gamma = await prisma.topic.create({ data: { name: 'Gamma', slug: 'gamma-pod' } });
    const task = (date: string, data: object) =>
      prisma.podcastTask.create({
        data: { topicId: gamma.id, targetDate: new Date(`${date}T00:00:00Z`), language: 'EN', ...data },
      });
    const failed = await task('2025-12-03', {
      status: 'failed',
      transcript: 'Gamma for 2025-12-03.',
      errorMessage: 'No speech engine: PODCAST_TTS_ENGINE=none',
      metadata: { failure_reason: 'no_speech_engine', tts_engine: 'none' },
    });
    // Failed before any script: nothing to read, so not listed.
    await task('2025-12-02', {
      status: 'failed',
      errorMessage: 'No summaries',
      metadata: { failure_reason: 'no_summaries' },
    });
    // Completed text-only by a worker of an older version: listed, and said to have had no engine.
    const textOnly = await task('2025-12-01', {
      status: 'completed',
      completedAt: new Date(),
      transcript: 'Gamma for 2025-12-01.',
      metadata: { tts_engine: null, audio: false },
    });
    const res = await list(`?topic_id=${gamma.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: failed.id,
        status: 'failed',
        failure_reason: 'no_speech_engine',
        audio_url: null,
        completed_at: null,
        has_transcript: true,
      }),
      expect.objectContaining({
        id: textOnly.id,
        status: 'completed',
        failure_reason: 'no_speech_engine',
        audio_url: null,
      }),
    ]);
    // Podcasts with audio say nothing is wrong.
    expect((await list()).json().data[0]).toMatchObject({ id: ids.alphaNew, failure_reason: null });
    const transcript = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${failed.id}/transcript`,
      headers: bearer(token),
    });
    expect(transcript.json()).toMatchObject({ transcript: 'Gamma for 2025-12-03.' });
    // There is no MP3 to stream.
    const audioRes = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${failed.id}/audio`,
      headers: bearer(token),
    });
    expect(audioRes.statusCode).toBe(404);
  });
});
