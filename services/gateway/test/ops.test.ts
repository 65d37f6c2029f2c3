import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@app/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Gateway, startGateway } from './support/gateway-harness.ts';

const METRICS_TOKEN = 'ops-test-metrics-scraper-token';
const scraper = { authorization: `Bearer ${METRICS_TOKEN}` };

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ METRICS_TOKEN });
});
afterAll(async () => {
  await gateway?.close();
});

describe('ops endpoints', () => {
  it('GET /healthz answers ok', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database and the queue', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', queue: 'ok' } });
  });

  it('GET /metrics exposes request durations by route and status', async () => {
    await gateway.app.inject({ method: 'GET', url: '/healthz' });
    const response = await gateway.app.inject({ method: 'GET', url: '/metrics', headers: scraper });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status_code="200"/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('GET /metrics answers only the METRICS_TOKEN bearer, however the path is spelt', async () => {
    for (const url of ['/metrics', '/%6detrics', '/metrics/', '/metrics?x=1', '//metrics']) {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong-token-of-some-length' },
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: METRICS_TOKEN },
        { authorization: `Basic ${METRICS_TOKEN}` },
      ]) {
        const response = await gateway.app.inject({ method: 'GET', url, headers });
        expect([401, 404], `${url} ${JSON.stringify(headers)}`).toContain(response.statusCode);
        expect(response.body).not.toContain('process_cpu_user_seconds_total');
      }
    }
    const allowed = await gateway.app.inject({ method: 'GET', url: '/%6detrics', headers: scraper });
    expect(allowed.statusCode).toBe(200);
  });

  it('GET /metrics is not served on the public port when no METRICS_TOKEN is set', async () => {
    const bare = await startGateway();
    try {
      for (const headers of [{}, scraper]) {
        const response = await bare.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('process_cpu_user_seconds_total');
      }
    } finally {
      await bare.close();
    }
  });

  it('GET /docs/json is the OpenAPI document generated from the route schemas', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/verify',
      '/api/auth/google/start',
      '/api/auth/google/callback',
      '/api/me',
      '/api/admin/ping',
      '/api/pro/ping',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const register = doc.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/me'].get.security).toEqual([{ bearerAuth: [] }]);
    const ui = await gateway.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sets security headers and echoes the request id', async () => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const generated = await gateway.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown /api routes with the JSON error envelope', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
  });
});

describe('readiness failure', () => {
  it('answers 503 when the queue cannot be reached', async () => {
    // A queue whose ping fails, as a Redis outage looks to the gateway.
    const app = await buildApp({
      config: gateway.config,
      prisma: gateway.db.prisma,
      producer: gateway.producer,
      transport: { ping: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      logger: createLogger('gateway-test', { level: 'silent' }),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', queue: 'fail' } });
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id and never a link token or a password', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      config: gateway.config,
      prisma: gateway.db.prisma,
      producer: gateway.producer,
      transport: { ping: async () => {} },
      logger: createLogger('gateway-test', { level: 'info', destination }),
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/api/auth/verify?token=en.super-secret-token-value',
        headers: { 'x-request-id': 'log-req-1' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'hunter2-secret' },
      });
    } finally {
      await app.close();
    }
    const all = lines.join('');
    expect(all).toContain('log-req-1');
    expect(all).toContain('/api/auth/verify?token=%5Bredacted%5D');
    expect(all).not.toContain('super-secret-token-value');
    expect(all).not.toContain('hunter2-secret');
  });
});

describe('web app', () => {
  let dist: string;
  let withWeb: Gateway;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    withWeb = await startGateway({ WEB_DIST_DIR: dist });
    // Channels with a dot in their names: their pages are pages, not files.
    const topic = await withWeb.db.prisma.topic.create({ data: { slug: 'dotted', name: 'Dotted' } });
    for (const sourceName of ['Fireship.io', 'Dr. Becky', 'a.b'])
      await withWeb.db.prisma.datasource.create({
        data: {
          topicId: topic.id,
          platform: 'youtube',
          sourceName,
          sourceUrl: `https://example.com/${sourceName}`,
        },
      });
  });
  afterAll(async () => {
    await withWeb?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes but keeps JSON 404s for /api and missing files', async () => {
    const page = await withWeb.app.inject({ method: 'GET', url: '/zh/pricing' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    const root = await withWeb.app.inject({ method: 'GET', url: '/' });
    expect(root.body).toContain('id="root"');
    const api = await withWeb.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const asset = await withWeb.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect((await withWeb.app.inject({ method: 'GET', url: '/favicon.png' })).statusCode).toBe(404);
    // A dot in a client-side route is not a file: a YouTube channel named "Fireship.io" is a page.
    for (const url of ['/youtube/Fireship.io', '/youtube/Dr.%20Becky', '/zh/youtube/a.b']) {
      const dotted = await withWeb.app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).toBe(200);
      expect(dotted.body).toContain('id="root"');
    }
  });
});
