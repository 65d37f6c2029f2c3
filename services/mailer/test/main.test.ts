import { createTestDatabase, freePort, spawnService, startSmtpCapture, waitForHealthy } from '@app/testing';
import { expect, it } from 'vitest';

const cwd = new URL('..', import.meta.url).pathname;

it('refuses to start without SMTP_URL and says so', async () => {
  const service = spawnService({ entry: 'src/main.ts', cwd, env: { HEALTH_PORT: '0' } });
  expect((await service.exited).code).toBe(1);
  expect(service.output()).toContain('SMTP_URL');
});

// Without REDIS_URL the queues live in the test database (dropped afterwards), so the real
// entry point, which uses the default queue prefix, never touches keys of a running dev stack.
it('starts from main.ts and exits 0 on SIGTERM', async () => {
  const db = await createTestDatabase();
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const service = spawnService({
    entry: 'src/main.ts',
    cwd,
    env: { DATABASE_URL: db.url, SMTP_URL: smtp.url, HEALTH_PORT: String(port) },
  });
  try {
    await waitForHealthy(service, `http://127.0.0.1:${port}/readyz`);
    expect(await service.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain('mailer started');
  } finally {
    await service.stop('SIGKILL');
    await smtp.close();
    await db.drop();
  }
});
