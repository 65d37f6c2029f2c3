import { randomBytes } from 'node:crypto';
import { cleanupPrefix, testRedisUrl } from '@app/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLoginDelay, type LoginDelayOptions, loginAttemptKey } from './login-delay.ts';

const prefix = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  redis.disconnect();
  await cleanupPrefix(prefix);
});

const OPTIONS: LoginDelayOptions = {
  freeFailures: 2,
  ceilingFailures: 5,
  windowSeconds: 60,
  maxDelaySeconds: 1,
  warnAfterFailures: 2,
  warnIntervalSeconds: 3600,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let accounts = 0;
const account = () => `owner-${++accounts}@example.com`;

describe('loginAttemptKey', () => {
  const bucket = (ip: string, device: string | null = null) =>
    loginAttemptKey(' Owner@Example.com ', ip, device).bucket;

  it('names the account by its normalised address, and a known device before any source', () => {
    expect(loginAttemptKey(' Owner@Example.com', '203.0.113.1', null)).toEqual({
      account: 'owner@example.com',
      bucket: 'source:203.0.113.1',
      ceiling: true,
    });
    expect(loginAttemptKey('owner@example.com', '203.0.113.1', 'abc')).toEqual({
      account: 'owner@example.com',
      bucket: 'device:abc',
      ceiling: false,
    });
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(bucket('2001:db8:1:2::5')).toBe(bucket('2001:db8:1:2:ffff:ee:dd:1'));
    expect(bucket('2001:db8:1:2::5')).toBe('source:2001:db8:1:2::/64');
    expect(bucket('2001:db8:1:3::5')).not.toBe(bucket('2001:db8:1:2::5'));
    expect(bucket('::ffff:198.51.100.7')).toBe(bucket('198.51.100.7'));
    expect(bucket('198.51.100.7')).not.toBe(bucket('198.51.100.8'));
  });
});

describe.each([
  ['in this process (no Redis)', () => createLoginDelay(undefined, `${prefix}:local:`, OPTIONS)],
  ['in Redis', () => createLoginDelay(redis, `${prefix}:redis:`, OPTIONS)],
])('login delay %s', (_, make) => {
  const delay = make();
  const fail = async (key: ReturnType<typeof loginAttemptKey>, times: number) => {
    let warned = 0;
    for (let i = 0; i < times; i++) if ((await delay.recordFailure(key)).warnOwner) warned += 1;
    return warned;
  };

  it("slows the failing source only: another source and the owner's known device go ahead", async () => {
    const email = account();
    const attacker = loginAttemptKey(email, '203.0.113.9', null);
    await fail(attacker, 2);
    expect(await delay.check(attacker)).toBe(1);
    expect(await delay.check(loginAttemptKey(email, '198.51.100.1', null))).toBe(0);
    expect(await delay.check(loginAttemptKey(email, '203.0.113.9', 'device-1'))).toBe(0);
    // Another account from the same source is not slowed either.
    expect(await delay.check(loginAttemptKey(account(), '203.0.113.9', null))).toBe(0);
  });

  it('once the delay has passed, gives the turn to one attempt of a parallel burst', async () => {
    const key = loginAttemptKey(account(), '203.0.113.10', null);
    await fail(key, 2);
    await sleep(1100);
    const waits = await Promise.all(Array.from({ length: 5 }, () => delay.check(key)));
    expect(waits.sort()).toEqual([0, 1, 1, 1, 1]);
  });

  it('past the ceiling, slows every source of the account but never its known devices', async () => {
    const email = account();
    for (let i = 0; i < 5; i++) await fail(loginAttemptKey(email, `192.0.2.${i}`, null), 1);
    expect(await delay.check(loginAttemptKey(email, '198.51.100.2', null))).toBe(1);
    expect(await delay.check(loginAttemptKey(email, '198.51.100.2', 'device-2'))).toBe(0);
  });

  it("counts a known device's failures under the device: a stolen cookie is slowed like one source", async () => {
    const email = account();
    const device = loginAttemptKey(email, '203.0.113.11', 'device-3');
    await fail(device, 2);
    expect(await delay.check(loginAttemptKey(email, '198.51.100.3', 'device-3'))).toBe(1);
    expect(await delay.check(loginAttemptKey(email, '203.0.113.11', 'device-4'))).toBe(0);
    expect(await delay.check(loginAttemptKey(email, '203.0.113.11', null))).toBe(0);
  });

  it('a success clears its own bucket only', async () => {
    const email = account();
    const one = loginAttemptKey(email, '203.0.113.12', null);
    const two = loginAttemptKey(email, '203.0.113.13', null);
    await fail(one, 2);
    await fail(two, 2);
    await delay.clear(one);
    expect(await delay.check(one)).toBe(0);
    expect(await delay.check(two)).toBe(1);
  });

  it('a new password clears every bucket of the account and its ceiling; counting starts over', async () => {
    const email = account();
    const source = loginAttemptKey(email, '203.0.113.14', null);
    const device = loginAttemptKey(email, '203.0.113.14', 'device-5');
    await fail(device, 2);
    for (let i = 0; i < 5; i++) await fail(loginAttemptKey(email, `192.0.2.${20 + i}`, null), 1);
    expect(await delay.check(source)).toBe(1);
    await delay.clearAccount(` ${email.toUpperCase()}`);
    expect(await delay.check(source)).toBe(0);
    expect(await delay.check(device)).toBe(0);
    expect(await delay.check(loginAttemptKey(email, '192.0.2.20', null))).toBe(0);
    await fail(source, 1);
    expect(await delay.check(source)).toBe(0);
    await fail(source, 1);
    expect(await delay.check(source)).toBe(1);
  });

  it('warns the owner once when the failures from everywhere reach the threshold, then not again', async () => {
    const email = account();
    expect(await fail(loginAttemptKey(email, '203.0.113.15', null), 1)).toBe(0);
    expect(await fail(loginAttemptKey(email, '203.0.113.16', null), 1)).toBe(1);
    expect(await fail(loginAttemptKey(email, '203.0.113.17', 'device-6'), 5)).toBe(0);
    await delay.clearAccount(email);
    expect(await fail(loginAttemptKey(email, '203.0.113.18', null), 3)).toBe(0);
  });
});

describe('while Redis does not answer', () => {
  it('counts in this process by the same rules, and says so', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    down.on('error', () => undefined);
    const errors: unknown[] = [];
    const delay = createLoginDelay(down, `${prefix}:down:`, { ...OPTIONS, onError: (e) => errors.push(e) });
    const email = account();
    const attacker = loginAttemptKey(email, '203.0.113.19', null);
    expect((await delay.recordFailure(attacker)).warnOwner).toBe(false);
    expect((await delay.recordFailure(attacker)).warnOwner).toBe(true);
    expect(await delay.check(attacker)).toBe(1);
    expect(await delay.check(loginAttemptKey(email, '198.51.100.4', null))).toBe(0);
    await delay.clearAccount(email);
    expect(await delay.check(attacker)).toBe(0);
    expect(errors.length).toBeGreaterThan(0);
    down.disconnect();
  });
});
