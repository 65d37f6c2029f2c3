import { loadConfig } from '@app/config';
import { createPrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import type { RunningService, WorkerService } from '@app/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { cleanupPrefix, testPrefix, testRedisUrl } from './redis.ts';
import { freePort, spawnService, waitForHealthy } from './service-process.ts';
import { waitFor } from './wait-for.ts';

type Env = Record<string, string>;

export type WorkerServiceSuiteOptions = {
  /** The service's folder, the one holding `src/main.ts`: `new URL('..', import.meta.url)`. */
  dir: URL;
  /** The HEALTH_PORT it defaults to (each service has its own, so all can share one host). */
  healthPort: number;
  /** Variables every start needs besides the database, e.g. SMTP_URL; read when a start begins. */
  env?: () => Env;
  /** Environments main.ts must refuse, each with the key its message names. */
  refuses?: { env: Env; key: string }[];
  /** The service's own tests against the running instance, run before it is closed. */
  whileRunning?: (running: () => RunningService) => void;
};

/**
 * What every worker service must do, against the real PostgreSQL and Redis: start; answer /healthz,
 * /readyz (200 with the queue and database checks; 503 naming the database while it is unreachable)
 * and /metrics; close gracefully, twice without harm. Then the same through `src/main.ts` in a child
 * process: configuration from the environment, a clean exit 0 on SIGTERM, and exit 1 naming the key
 * of a bad value.
 */
export function testWorkerService(service: WorkerService, options: WorkerServiceSuiteOptions): void {
  const { name } = service;
  const logger = createLogger(name, { level: 'silent' });
  const configFor = (databaseUrl: string) =>
    loadConfig(service.configSchema, {
      ...options.env?.(),
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      HEALTH_PORT: '0',
    });

  describe(`${name} service`, () => {
    let db: TestDatabase;
    let running: RunningService;
    let base: string;

    beforeAll(async () => {
      db = await createTestDatabase();
      running = await service.start(configFor(db.url), { prisma: db.prisma, prefix: testPrefix(), logger });
      base = `http://127.0.0.1:${running.healthPort}`;
    });

    afterAll(async () => {
      await running?.close();
      await cleanupPrefix(testPrefix());
      await db?.drop();
    });

    it('defaults to its own health port', () => {
      expect(loadConfig(service.configSchema, { ...options.env?.() }).HEALTH_PORT).toBe(options.healthPort);
    });

    it('is alive, and ready once the database and the queue answer', async () => {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // A cold database client can take a moment for its first query; readiness follows.
      const ready = await waitFor(
        async () => {
          const res = await fetch(`${base}/readyz`);
          const body = await res.json();
          return res.status === 200 && body;
        },
        { timeoutMs: 15_000, intervalMs: 200, message: `${name} /readyz to answer 200` },
      );
      expect(ready).toEqual({ status: 'ready', checks: { queue: 'ok', database: 'ok' } });
    });

    it('serves Prometheus metrics labelled with the service', async () => {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(text).toContain(`service="${name}"`);
    });

    it('reports not ready while the database is unreachable', async () => {
      const unreachable = createPrismaClient('postgresql://postgres@127.0.0.1:1/none');
      const degraded = await service.start(configFor(db.url), {
        prisma: unreachable,
        prefix: testPrefix(),
        logger,
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

    options.whileRunning?.(() => running);

    it('closes cleanly and stops answering', async () => {
      await running.close();
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      await running.close(); // a second signal or afterAll must not throw
    });
  });

  describe(`${name} main.ts`, () => {
    const cwd = options.dir.pathname;

    // Without REDIS_URL the queues live in the test database (dropped afterwards), so the real
    // entry point, on the default queue prefix, never touches keys of a running dev stack.
    it('starts with the environment, and exits 0 after a graceful stop on SIGTERM', async () => {
      const db = await createTestDatabase();
      const port = await freePort();
      const child = spawnService({
        entry: 'src/main.ts',
        cwd,
        env: { ...options.env?.(), DATABASE_URL: db.url, HEALTH_PORT: String(port), LOG_LEVEL: 'info' },
      });
      try {
        await waitForHealthy(child, `http://127.0.0.1:${port}/readyz`);
        expect(await child.stop('SIGTERM')).toEqual({ code: 0, signal: null });
        expect(child.output()).toContain(`${name} started`);
        expect(child.output()).toContain('"msg":"stopped"');
      } finally {
        await child.stop('SIGKILL');
        await db.drop();
      }
    });

    for (const refused of options.refuses ?? [
      { env: { DATABASE_URL: 'mysql://nope' }, key: 'DATABASE_URL' },
    ]) {
      it(`refuses to start without a valid ${refused.key} and names it`, async () => {
        const child = spawnService({ entry: 'src/main.ts', cwd, env: { ...refused.env, HEALTH_PORT: '0' } });
        expect((await child.exited).code).toBe(1);
        expect(child.output()).toContain(refused.key);
      });
    }
  });
}
