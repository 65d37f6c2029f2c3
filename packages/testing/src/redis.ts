import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect } from 'vitest';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export function testRedisUrl(): string {
  return process.env.REDIS_URL || DEFAULT_REDIS_URL;
}

const prefixes = new Map<string, string>();

/**
 * The queue namespace of the current test file: every call in one file returns the same
 * prefix, and files never share queues (keyed by the file, so this holds even when vitest
 * does not isolate modules). Letters, digits and `_` only: the PostgreSQL transport turns it
 * into a schema name. The creation time in it lets global-setup sweep crashed runs' keys.
 */
export function testPrefix(): string {
  const file = currentTestFile();
  let prefix = prefixes.get(file);
  if (!prefix) {
    prefix = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    prefixes.set(file, prefix);
  }
  return prefix;
}

function currentTestFile(): string {
  try {
    return expect.getState().testPath ?? '';
  } catch {
    return '';
  }
}

export type TestTransportOptions = { redisUrl: string; databaseUrl: string; prefix: string };

/** Options for createQueueTransport() on the test Redis, namespaced to this test file. */
export function testTransportOptions(databaseUrl: string, prefix = testPrefix()): TestTransportOptions {
  return { redisUrl: testRedisUrl(), databaseUrl, prefix };
}

/** Deletes every key under the prefix (BullMQ keys are `<prefix>:<queue>:...`); returns how many. */
export async function cleanupPrefix(prefix: string, redisUrl = testRedisUrl()): Promise<number> {
  if (!/^[\w-]+$/.test(prefix)) throw new Error(`refusing to clean up an unusual prefix: ${prefix}`);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** Fails fast with the start command instead of letting every test time out on reconnects. */
export async function assertRedisReachable(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const { hostname, port } = new URL(redisUrl);
    // The socket error (e.g. ECONNREFUSED) says more than ioredis' "Connection is closed".
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(
      `Redis is not reachable at ${hostname}:${port || 6379} (${reason}). ` +
        'The tests need a running server: start the local one with ' +
        '`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`, ' +
        'or point REDIS_URL at a reachable server.',
      { cause: error },
    );
  } finally {
    redis.disconnect();
  }
}

/** Keys of test prefixes older than this belong to runs that died before their afterAll. */
const STALE_PREFIX_MS = 3 * 3600 * 1000;

/** Best effort: deletes the keys of test prefixes left by crashed runs; returns the prefixes. */
export async function sweepStalePrefixes(redisUrl = testRedisUrl(), now = Date.now()): Promise<string[]> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const stale = new Set<string>();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 't_*', 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const match = /^(t_([0-9a-z]+)_[0-9a-f]+):/.exec(key);
        if (match && now - Number.parseInt(match[2]!, 36) > STALE_PREFIX_MS) stale.add(match[1]!);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  for (const prefix of stale) await cleanupPrefix(prefix, redisUrl);
  return [...stale];
}
