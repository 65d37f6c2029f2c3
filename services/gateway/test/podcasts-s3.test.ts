import { randomBytes } from 'node:crypto';
import { type FakeS3, startFakeS3 } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config.ts';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The audio route with STORAGE_DRIVER=s3: sizes by HeadObject, bytes by a ranged GetObject, from a
// local fake S3 server that checks the SigV4 signature of every request. podcasts.test.ts covers
// the same route on local files.
const BUCKET = 'gw-podcast-audio';
let s3: FakeS3;
let gateway: Gateway;
let token: string;
const audio = randomBytes(50_000);
const ids = {} as Record<'stored' | 'missing' | 'custom', string>;

beforeAll(async () => {
  s3 = await startFakeS3();
  gateway = await startGateway({ STORAGE_DRIVER: 's3', ...s3.env, S3_BUCKET_PREFIX: 'gw-' });
  const prisma = gateway.db.prisma;
  token = (await signedInUser(gateway, {}, 's3-listener')).accessToken;
  const topic = await prisma.topic.create({ data: { name: 'S3 Audio', slug: 's3-audio-pod' } });
  const task = (date: string, metadata: object = {}) =>
    prisma.podcastTask.create({
      data: {
        topicId: topic.id,
        targetDate: new Date(`${date}T00:00:00Z`),
        language: 'EN',
        status: 'completed',
        completedAt: new Date(),
        transcript: `Transcript of ${date}`,
        metadata: { duration_seconds: 12.5, ...metadata },
      },
    });
  ids.stored = (await task('2026-03-03')).id;
  ids.missing = (await task('2026-03-02')).id;
  ids.custom = (await task('2026-03-01', { final_audio_path: 'custom/s3.mp3' })).id;
  // Written as the podcast service would (PutObject into the prefixed bucket).
  s3.putObject(BUCKET, `${ids.stored}/final_podcast.mp3`, audio, 'audio/mpeg');
  s3.putObject(BUCKET, 'custom/s3.mp3', audio.subarray(0, 1000), 'audio/mpeg');
});

afterAll(async () => {
  await gateway?.close();
  await s3?.close();
});

const list = async (query = '') =>
  (await gateway.app.inject({ method: 'GET', url: `/api/podcasts${query}`, headers: bearer(token) })).json()
    .data as { id: string; audio_url: string | null }[];

const audioUrl = async (id: string) => (await list()).find((p) => p.id === id)?.audio_url as string;

describe('podcast audio from S3', () => {
  it('lists an audio URL only for podcasts whose object exists', async () => {
    const data = await list();
    expect(data.map((p) => p.id)).toEqual([ids.stored, ids.missing, ids.custom]);
    expect(data[0]?.audio_url).toMatch(new RegExp(`^/api/podcasts/${ids.stored}/audio\\?token=`));
    expect(data[1]?.audio_url).toBeNull();
    expect(data[2]?.audio_url).toBeTruthy();
  });

  it('streams the whole object, and byte ranges as 206 from a ranged GetObject', async () => {
    const url = await audioUrl(ids.stored);
    const full = await gateway.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(Number(full.headers['content-length'])).toBe(audio.length);
    expect(full.rawPayload.equals(audio)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=100-199', 100, 199],
      ['bytes=49990-', 49990, 49999],
      ['bytes=-50', 49950, 49999],
      ['bytes=0-0', 0, 0],
      ['bytes=40000-90000', 40000, 49999],
    ];
    for (const [range, start, end] of cases) {
      const before = s3.requests.length;
      const res = await gateway.app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/50000`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(audio.subarray(start, end + 1)), range).toBe(true);
      // Only the requested bytes came from S3: HeadObject for the size, then GetObject with Range.
      const sent = s3.requests.slice(before);
      expect(sent.map((r) => r.method)).toEqual(['HEAD', 'GET']);
      expect(sent[1]?.path).toBe(`/${BUCKET}/${ids.stored}/final_podcast.mp3`);
      expect(sent[1]?.headers.range).toBe(`bytes=${start}-${end}`);
    }
  });

  it('answers HEAD with the size and no GetObject', async () => {
    const url = await audioUrl(ids.stored);
    const before = s3.requests.length;
    const head = await gateway.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=10-19' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('10');
    expect(head.headers['content-range']).toBe('bytes 10-19/50000');
    expect(head.rawPayload.length).toBe(0);
    expect(s3.requests.slice(before).map((r) => r.method)).toEqual(['HEAD']);
  });

  it('answers 416 with the size for a range past the end, without fetching bytes', async () => {
    const url = await audioUrl(ids.stored);
    const before = s3.requests.length;
    const past = await gateway.app.inject({ method: 'GET', url, headers: { range: 'bytes=50000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */50000');
    expect(past.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    expect(s3.requests.slice(before).map((r) => r.method)).toEqual(['HEAD']);
  });

  it('serves metadata.final_audio_path, and 404 for a missing object', async () => {
    const custom = await gateway.app.inject({
      method: 'GET',
      url: await audioUrl(ids.custom),
      headers: { range: 'bytes=990-' },
    });
    expect(custom.statusCode).toBe(206);
    expect(custom.headers['content-range']).toBe('bytes 990-999/1000');
    expect(custom.rawPayload.equals(audio.subarray(990, 1000))).toBe(true);
    const missing = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.missing}/audio`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps the list usable when S3 fails, and answers the audio request with a 500', async () => {
    // One listed podcast: one HeadObject, refused on each of the SDK's three attempts.
    s3.failNext(3, 500, 'storage down');
    const data = await list('?date=2026-03-03');
    expect(data.map((p) => [p.id, p.audio_url])).toEqual([[ids.stored, null]]);
    s3.failNext(3, 500, 'storage down');
    const res = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.stored}/audio`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('storage down');
    // Back up: the next request works again.
    const ok = await gateway.app.inject({
      method: 'GET',
      url: `/api/podcasts/${ids.stored}/audio`,
      headers: { ...bearer(token), range: 'bytes=0-9' },
    });
    expect(ok.statusCode).toBe(206);
    expect(ok.rawPayload.equals(audio.subarray(0, 10))).toBe(true);
  });
});

it('refuses bad S3 settings at start, naming the keys', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' };
  expect(() =>
    loadGatewayConfig({ ...base, STORAGE_DRIVER: 's3', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'AKID' }),
  ).toThrow(/S3_ENDPOINT.*S3_SECRET_ACCESS_KEY/);
  expect(() => loadGatewayConfig({ ...base, STORAGE_DRIVER: 'S3' })).toThrow(/STORAGE_DRIVER/);
});
