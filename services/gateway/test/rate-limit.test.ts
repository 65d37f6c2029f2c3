import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, startGateway, uniqueEmail } from './support/gateway-harness.ts';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await gateway?.close();
});

const attempt = (email: string, password: string, ip = '203.0.113.7') =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('login rate limit (per IP + email, counted in Redis)', () => {
  it('answers 429 RATE_LIMITED after LOGIN_RATE_LIMIT attempts a minute, even with the right password', async () => {
    const email = uniqueEmail('limited');
    await insertUser(gateway.db.prisma, { email });
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrong-password')).statusCode).toBe(401);
    const limited = await attempt(email, 'correct-horse');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Email case does not open a new bucket: the key uses the normalised email.
    expect((await attempt(email.toUpperCase(), 'correct-horse')).statusCode).toBe(429);
  });

  it('keeps other emails and other addresses in their own buckets', async () => {
    const email = uniqueEmail('bucket');
    await insertUser(gateway.db.prisma, { email });
    for (let i = 0; i < 3; i++) await attempt(email, 'wrong-password', '198.51.100.1');
    expect((await attempt(email, 'wrong-password', '198.51.100.1')).statusCode).toBe(429);
    expect((await attempt(email, 'correct-horse', '198.51.100.2')).statusCode).toBe(200);
    expect((await attempt(uniqueEmail('other'), 'wrong-password', '198.51.100.1')).statusCode).toBe(401);
  });

  it('shares the counters between replicas through Redis', async () => {
    const email = uniqueEmail('replica');
    const replica = await startGateway({ LOGIN_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) await attempt(email, 'wrong-password', '192.0.2.9');
      const other = await replica.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: '192.0.2.9',
      });
      expect(other.statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });
});
