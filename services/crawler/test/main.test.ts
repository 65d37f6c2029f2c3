import { createTestDatabase, freePort, spawnService, waitForHealthy } from '@app/testing';
import { expect, it } from 'vitest';

// Without REDIS_URL the queues live in the test database (dropped afterwards), so the real
// entry point, which uses the default queue prefix, never touches keys of a running dev stack.
it('starts from main.ts with the environment, and exits 0 on SIGTERM', async () => {
  const db = await createTestDatabase();
  const port = await freePort();
  const service = spawnService({
    entry: 'src/main.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: { DATABASE_URL: db.url, HEALTH_PORT: String(port), LOG_LEVEL: 'info' },
  });
  try {
    await waitForHealthy(service, `http://127.0.0.1:${port}/readyz`);
    expect(await service.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain('crawler started');
    expect(service.output()).toContain('"msg":"stopped"');
  } finally {
    await service.stop('SIGKILL');
    await db.drop();
  }
});

it('refuses to start with a bad value and names the key', async () => {
  const service = spawnService({
    entry: 'src/main.ts',
    cwd: new URL('..', import.meta.url).pathname,
    env: { DATABASE_URL: 'mysql://nope', HEALTH_PORT: '0' },
  });
  expect((await service.exited).code).toBe(1);
  expect(service.output()).toContain('DATABASE_URL');
});
