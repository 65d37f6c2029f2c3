import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/database.ts';
import { startProduct } from '../src/product.ts';
import { cleanupPrefix, testPrefix, testRedisUrl } from '../src/redis.ts';
import { apiSignIn, seedUser } from '../src/seed.ts';
import { freePort } from '../src/service-process.ts';

let db: TestDatabase;
const prefix = testPrefix();
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await cleanupPrefix(prefix);
  await db.drop();
});

// The bench runs the gateway alone on a port it chose; the fault tests run every service.
it('runs only the services asked for, on the port chosen, and signs a seeded user in through it', async () => {
  const port = await freePort();
  const product = await startProduct(
    {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'http://app.test',
      LOG_LEVEL: 'warn',
    },
    { services: ['gateway'], ports: { gateway: port } },
  );
  try {
    expect(product.baseUrl).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${product.baseUrl}/readyz`)).status).toBe(200);
    expect(() => product.pid('mailer')).toThrow('mailer#1 is not running in this product');
    const user = await seedUser(db.prisma);
    const { token, userId } = await apiSignIn(product.baseUrl, user.email);
    expect(userId).toBe(user.id);
    expect(token.split('.')).toHaveLength(3);
    await expect(apiSignIn(product.baseUrl, user.email, 'wrong-password')).rejects.toThrow(/answered 401/);
  } finally {
    await product.stop();
  }
  expect(product.unexpectedExits).toEqual([]);
}, 120_000);
