import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, startGateway, uniqueEmail } from './support/gateway-harness.ts';

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ LOGIN_RATE_LIMIT: '3', LOGIN_IP_RATE_LIMIT: '8' });
});
afterAll(async () => {
  await gateway?.close();
});

// Counters live in Redis for up to 10 minutes: every run uses addresses of its own.
const run = Math.floor(Math.random() * 0xffff).toString(16);
const address = (n: number) => `2001:db8:${run}::${n.toString(16)}`;

const attempt = (email: string, password: string, ip = address(7)) =>
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
    for (let i = 0; i < 3; i++) await attempt(email, 'wrong-password', address(0x101));
    expect((await attempt(email, 'wrong-password', address(0x101))).statusCode).toBe(429);
    expect((await attempt(email, 'correct-horse', address(0x102))).statusCode).toBe(200);
    expect((await attempt(uniqueEmail('other'), 'wrong-password', address(0x101))).statusCode).toBe(401);
  });

  it('limits one address trying many emails (LOGIN_IP_RATE_LIMIT per 10 minutes)', async () => {
    const ip = address(0x200);
    for (let i = 0; i < 8; i++) {
      expect((await attempt(uniqueEmail(`stuffing-${i}`), 'wrong-password', ip)).statusCode).toBe(401);
    }
    const email = uniqueEmail('stuffed');
    await insertUser(gateway.db.prisma, { email });
    const limited = await attempt(email, 'correct-horse', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts, please try again in 10 minutes',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    // Another address signs in with the same account.
    expect((await attempt(email, 'correct-horse', address(0x201))).statusCode).toBe(200);
  });

  it('shares the counters between replicas through Redis', async () => {
    const email = uniqueEmail('replica');
    const replica = await startGateway({ LOGIN_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) await attempt(email, 'wrong-password', address(0x209));
      const other = await replica.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: address(0x209),
      });
      expect(other.statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });
});
