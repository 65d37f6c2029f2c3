import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';
import { type HttpAnswer, httpRequest } from './support/http-get.ts';

// Answers the gateway writes (JSON, feeds) are compressed when the client accepts brotli or gzip and
// the body is worth it; the web build's files keep their precompressed copies; ranges, 304s and audio
// are never encoded. Over a real socket, as a browser or a feed reader asks.

const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;
const audio = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));

let gateway: Gateway;
let dirs: string[] = [];
let port = 0;
let webDir: string;
let podcastId = '';
let bearer = '';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'gw-compress-web-'));
  const storageDir = await mkdtemp(path.join(tmpdir(), 'gw-compress-storage-'));
  dirs = [webDir, storageDir];
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  gateway = await startGateway({ WEB_DIST_DIR: webDir, STORAGE_DIR: storageDir });
  const prisma = gateway.db.prisma;
  await seed(prisma, {});
  const topic = await prisma.topic.findFirstOrThrow({ where: { slug: 'engineering' } });
  const task = await prisma.podcastTask.create({
    data: {
      topicId: topic.id,
      targetDate: new Date('2026-02-02T00:00:00Z'),
      language: 'EN',
      status: 'completed',
      completedAt: new Date(),
      transcript: 'Transcript',
      metadata: { topic_name: 'Engineering', duration_seconds: 61.5 },
    },
  });
  podcastId = task.id;
  const file = path.join(storageDir, 'podcast-audio', podcastId, 'final_podcast.mp3');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, audio);
  bearer = `Bearer ${(await signedInUser(gateway, {}, 'compress')).accessToken}`;
  await gateway.app.listen({ host: '127.0.0.1', port: 0 });
  port = (gateway.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gateway?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const get = (target: string, headers: Record<string, string> = {}) => httpRequest(port, target, { headers });
const varies = (answer: HttpAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim())
    .includes('accept-encoding');

describe('compressed answers', () => {
  it('/api/summaries comes as brotli or gzip when accepted, the same JSON once decoded', async () => {
    const plain = await get('/api/summaries?language=en&page_size=50');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(4096);
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.1', 'gzip'],
    ] as const) {
      const answer = await get('/api/summaries?language=en&page_size=50', { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(varies(answer), accept).toBe(true);
      expect(answer.raw.length, accept).toBeLessThan(plain.raw.length / 2);
      expect(JSON.parse(answer.body), accept).toEqual(JSON.parse(plain.body));
    }
  });

  it('a small answer, or a client that accepts neither, gets the bytes as they are', async () => {
    const small = await get('/api/config', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(small.raw.toString());
    for (const accept of ['identity', 'deflate', 'zstd']) {
      const answer = await get('/api/summaries?language=en', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(() => JSON.parse(answer.raw.toString()), accept).not.toThrow();
    }
  });

  it('a feed is compressed, and its 304 stays an empty answer', async () => {
    const feed = await get('/feeds/topics/engineering.rss', { 'accept-encoding': 'gzip' });
    expect(feed.status).toBe(200);
    expect(feed.headers['content-encoding']).toBe('gzip');
    expect(feed.body).toContain('<rss');
    const etag = String(feed.headers.etag);
    const again = await get('/feeds/topics/engineering.rss', {
      'accept-encoding': 'gzip, br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it("a feed's encodings share one weak ETag, and a copy in either is current for the other", async () => {
    const url = '/feeds/topics/engineering.rss';
    const answers = await Promise.all(
      ['br', 'gzip', 'identity'].map((encoding) => get(url, { 'accept-encoding': encoding })),
    );
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    // Three byte sequences: a strong ETag would say they are one (RFC 9110 §8.8.3).
    expect(new Set(answers.map((answer) => answer.raw.toString('base64'))).size).toBe(3);
    const etags = answers.map((answer) => String(answer.headers.etag));
    expect(new Set(etags).size).toBe(1);
    expect(etags[0]).toMatch(/^W\//);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': etags[0]! });
      expect(again.status, encoding).toBe(304);
      expect(again.headers.etag, encoding).toBe(etags[0]);
    }
  });

  it('the page document (written per page) is compressed as it goes, for a page and for a 404 alike', async () => {
    for (const target of ['/pricing', '/no-such-page'])
      for (const encoding of ['br', 'gzip']) {
        const answer = await get(target, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding'], target).toBe(encoding);
        expect(answer.raw.length, target).toBeLessThan(INDEX_HTML.length / 4);
        expect(answer.body, target).toBe(INDEX_HTML);
        expect(varies(answer), target).toBe(true);
      }
  });

  it('an audio range is never encoded: 206 with the exact bytes asked for', async () => {
    const url = `/api/podcasts/${podcastId}/audio`;
    const range = await get(url, {
      authorization: bearer,
      range: 'bytes=100-4099',
      'accept-encoding': 'br, gzip',
    });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 100-4099/${audio.length}`);
    expect(range.raw.equals(audio.subarray(100, 4100))).toBe(true);
    const whole = await get(url, { authorization: bearer, 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.raw.equals(audio)).toBe(true);
  });

  it('a compressed request body is not unpacked: a 4xx, never a 500', async () => {
    const body = gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(20) }));
    const { status: answer } = await httpRequest(port, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect(answer).toBeGreaterThanOrEqual(400);
    expect(answer).toBeLessThan(500);
  });
});
