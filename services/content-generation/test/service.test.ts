import { loadConfig } from '@app/config';
import { createPrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import type { RunningService } from '@app/queue';
import { cleanupPrefix, createTestDatabase, type TestDatabase, testPrefix, testRedisUrl } from '@app/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentGenerationConfigSchema } from '../src/config.ts';
import { startService } from '../src/service.ts';

let db: TestDatabase;
let service: RunningService;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig(contentGenerationConfigSchema, {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    HEALTH_PORT: '0',
  });
  service = await startService(config, {
    prisma: db.prisma,
    prefix: testPrefix(),
    logger: createLogger('content-generation', { level: 'silent' }),
  });
  base = `http://127.0.0.1:${service.healthPort}`;
});

afterAll(async () => {
  await service?.close();
  await cleanupPrefix(testPrefix());
  await db?.drop();
});

it('defaults to its own health port', () => {
  expect(loadConfig(contentGenerationConfigSchema, {}).HEALTH_PORT).toBe(9104);
});

it('is alive and ready once the database and the queue answer', async () => {
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { queue: 'ok', database: 'ok' } });
});

it('serves Prometheus metrics labelled with the service', async () => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
  expect(text).toContain('service="content-generation"');
});

it('closes cleanly and stops answering', async () => {
  await service.close();
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  await service.close(); // a second signal or afterAll must not throw
});

it('reports not ready while the database is unreachable', async () => {
  const unreachable = createPrismaClient('postgresql://postgres@127.0.0.1:1/none');
  const config = loadConfig(contentGenerationConfigSchema, {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    HEALTH_PORT: '0',
  });
  const degraded = await startService(config, {
    prisma: unreachable,
    prefix: testPrefix(),
    logger: createLogger('content-generation', { level: 'silent' }),
  });
  try {
    const res = await fetch(`http://127.0.0.1:${degraded.healthPort}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', checks: { queue: 'ok', database: 'fail' } });
  } finally {
    await degraded.close();
    await unreachable.$disconnect();
  }
});
