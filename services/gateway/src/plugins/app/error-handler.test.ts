import { createPrismaClient, pgPoolOf } from '@app/db';
import { createTestDatabase } from '@app/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorHandler, { BUSY_RETRY_AFTER_SECONDS, toEnvelope } from './error-handler.plugin.ts';

/** The error Prisma gives a transaction that found every pooled connection taken for longer than it may wait. */
async function busyDatabaseError(): Promise<unknown> {
  const db = await createTestDatabase();
  const client = createPrismaClient(db.url);
  try {
    const pool = pgPoolOf(client)!;
    const busy = Array.from({ length: pool.options.max ?? 10 }, () => pool.query('SELECT pg_sleep(1)'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const error = await client
      .$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 50 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    await Promise.all(busy);
    return error;
  } finally {
    await client.$disconnect();
    await db.drop();
  }
}

describe('a database too busy to take the request', () => {
  it('is a 503 to try again after a few seconds, not a 500', async () => {
    const error = await busyDatabaseError();
    expect(error).not.toBeNull();
    expect(toEnvelope(error)).toEqual({
      status: 503,
      body: { error: { code: 'UNAVAILABLE', message: expect.stringContaining('try again') } },
    });

    const app = Fastify();
    await app.register(errorHandler);
    app.get('/busy', async () => {
      throw error;
    });
    app.get('/broken', async () => {
      throw new Error('a bug');
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(busy.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    // Any other failure stays a 500 without a retry hint.
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['retry-after']).toBeUndefined();
    await app.close();
  }, 30_000);
});
