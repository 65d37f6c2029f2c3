import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, insertUser, startGateway, uniqueEmail } from '../support/gateway-harness.ts';

// The login limit (per client IP and normalised email, counted in Redis) against the usual ways around
// it: spoofed forwarding headers, spelling the email differently, and firing attempts in parallel.
// The basic behaviour (429 after N, separate buckets, shared between replicas) is rate-limit.test.ts.

const LIMIT = 3;
let direct: Gateway;
let proxied: Gateway;
beforeAll(async () => {
  direct = await startGateway({ LOGIN_RATE_LIMIT: String(LIMIT) });
  // Behind one reverse proxy: the client is the address that proxy appended last.
  proxied = await startGateway({ LOGIN_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const attempt = (
  gateway: Gateway,
  email: string,
  options: { password?: string; ip?: string; headers?: Record<string, string> } = {},
) =>
  gateway.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: options.password ?? 'wrong-password' },
    remoteAddress: options.ip ?? '203.0.113.50',
    headers: options.headers ?? {},
  });

describe('login rate limit holds', () => {
  it('ignores X-Forwarded-For and friends when no proxy is trusted', async () => {
    const email = uniqueEmail('xff');
    await insertUser(direct.db.prisma, { email });
    for (let i = 0; i < LIMIT; i++) expect((await attempt(direct, email)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) {
      const spoofed = await attempt(direct, email, {
        password: 'correct-horse',
        headers: {
          'x-forwarded-for': `198.51.100.${i}`,
          'x-real-ip': `198.51.100.${i}`,
          forwarded: `for=198.51.100.${i}`,
          'true-client-ip': `198.51.100.${i}`,
        },
      });
      expect(spoofed.statusCode).toBe(429);
    }
  });

  it('behind a trusted proxy, a client cannot pick its address by prepending to X-Forwarded-For', async () => {
    const email = uniqueEmail('proxied');
    await insertUser(proxied.db.prisma, { email });
    const via = (forwarded: string) =>
      attempt(proxied, email, { ip: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } });
    for (let i = 0; i < LIMIT; i++) expect((await via(`1.1.1.${i}, 203.0.113.77`)).statusCode).toBe(401);
    expect((await via('9.9.9.9, 203.0.113.77')).statusCode).toBe(429);
    // Another real client (another last hop) has its own bucket.
    expect((await via('203.0.113.78')).statusCode).toBe(401);
  });

  it('counts the email as it is normalised, however it is spelled', async () => {
    const email = uniqueEmail('spelling');
    await insertUser(direct.db.prisma, { email });
    const spellings = [
      email,
      email.toUpperCase(),
      `  ${email}  `,
      `\t${email[0]!.toUpperCase()}${email.slice(1)}`,
    ];
    const answers = [];
    for (const spelling of spellings)
      answers.push((await attempt(direct, spelling, { ip: '203.0.113.51' })).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('holds under a burst of parallel attempts (the counter is atomic)', async () => {
    const email = uniqueEmail('burst');
    await insertUser(direct.db.prisma, { email });
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        attempt(direct, email, {
          ip: '203.0.113.52',
          password: i === 14 ? 'correct-horse' : 'wrong-password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - LIMIT);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.json().error.code).toBe('RATE_LIMITED');
      expect(answer.cookies).toEqual([]);
    }
  });

  it('a malformed attempt does not reset or bypass the count', async () => {
    const email = uniqueEmail('malformed');
    await insertUser(direct.db.prisma, { email });
    for (let i = 0; i < LIMIT; i++) await attempt(direct, email, { ip: '203.0.113.53' });
    const bad = await direct.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: '' },
      remoteAddress: '203.0.113.53',
    });
    expect(bad.statusCode).toBe(400);
    expect((await attempt(direct, email, { ip: '203.0.113.53', password: 'correct-horse' })).statusCode).toBe(
      429,
    );
  });
});
