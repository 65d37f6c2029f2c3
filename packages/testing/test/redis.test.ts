import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import {
  assertRedisReachable,
  cleanupPrefix,
  sweepStalePrefixes,
  testPrefix,
  testRedisUrl,
  testTransportOptions,
} from '../src/redis.ts';

const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

it('gives the test file one prefix usable as a key prefix and a schema name', () => {
  const prefix = testPrefix();
  expect(prefix).toMatch(/^t_[a-z0-9]+_[0-9a-f]{8}$/);
  expect(testPrefix()).toBe(prefix);
  expect(testTransportOptions('postgresql://x/db')).toEqual({
    redisUrl: testRedisUrl(),
    databaseUrl: 'postgresql://x/db',
    prefix,
  });
});

it('cleanupPrefix deletes the keys under the prefix and nothing else', async () => {
  const prefix = testPrefix();
  const neighbour = `${prefix}x`;
  await redis.set(`${prefix}:mail:1`, 'a');
  await redis.hset(`${prefix}:mail:meta`, 'k', 'v');
  await redis.set(`${neighbour}:mail:1`, 'b');
  expect(await cleanupPrefix(prefix)).toBe(2);
  expect(await redis.exists(`${prefix}:mail:1`, `${prefix}:mail:meta`)).toBe(0);
  expect(await redis.get(`${neighbour}:mail:1`)).toBe('b');
  await cleanupPrefix(neighbour);
});

it('refuses a prefix that would match unrelated keys', async () => {
  await expect(cleanupPrefix('*')).rejects.toThrow(/unusual prefix/);
});

it('says how to start Redis when it is not reachable', async () => {
  await expect(assertRedisReachable('redis://127.0.0.1:1')).rejects.toThrow(
    /Redis is not reachable at 127\.0\.0\.1:1 \(.*ECONNREFUSED.*\).*redis-server/,
  );
});

it('sweeps the keys of test prefixes left by old runs, and only those', async () => {
  const old = `t_${(Date.now() - 5 * 3600 * 1000).toString(36)}_00000001`;
  await redis.set(`${old}:mail:1`, 'x');
  await redis.set(`${testPrefix()}:mail:1`, 'y');
  expect(await sweepStalePrefixes()).toContain(old);
  expect(await redis.exists(`${old}:mail:1`)).toBe(0);
  expect(await redis.get(`${testPrefix()}:mail:1`)).toBe('y');
  await cleanupPrefix(testPrefix());
});
