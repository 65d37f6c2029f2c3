import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * At most `max` requests of one kind held open per user, across every gateway process: each request takes a
 * lease (a member of a Redis sorted set scored by its expiry), renews it while it runs and gives it back when
 * it ends. A process that dies stops renewing, so its leases lapse after `leaseSeconds` instead of holding
 * the user's places for ever. Without Redis (or while it does not answer) the process counts alone.
 */
export type InFlightOptions = { max: number; leaseSeconds: number; onError?: (error: unknown) => void };
export type Lease = { release(): Promise<void> };

// KEYS[1] the user's set. ARGV: max, leaseMs, lease id. 1: taken, 0: full.
const ACQUIRE = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

// Renews only a lease still held (XX): one that lapsed is not brought back.
const RENEW = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local renewed = redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return renewed`;

export function createInFlightLimiter(redis: Redis | undefined, namespace: string, options: InFlightOptions) {
  const local = new Map<string, number>();
  const leaseMs = options.leaseSeconds * 1000;

  function takeLocal(user: string): Lease | null {
    const held = local.get(user) ?? 0;
    if (held >= options.max) return null;
    local.set(user, held + 1);
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        const left = (local.get(user) ?? 1) - 1;
        if (left > 0) local.set(user, left);
        else local.delete(user);
      },
    };
  }

  async function takeShared(client: Redis, user: string): Promise<Lease | null> {
    const key = `${namespace}${user}`;
    const id = randomUUID();
    const taken = Number(await client.eval(ACQUIRE, 1, key, options.max, leaseMs, id));
    if (taken !== 1) return null;
    // Renewed three times per lease period: a missed beat or two does not lose it.
    const heartbeat = setInterval(() => {
      client.eval(RENEW, 1, key, leaseMs, id).catch((error: unknown) => options.onError?.(error));
    }, leaseMs / 3);
    heartbeat.unref();
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        await client.zrem(key, id).catch((error: unknown) => options.onError?.(error));
      },
    };
  }

  return {
    /** A lease, or null when the user already has `max` requests in flight. */
    async acquire(user: string): Promise<Lease | null> {
      if (!redis) return takeLocal(user);
      try {
        return await takeShared(redis, user);
      } catch (error) {
        options.onError?.(error);
        return takeLocal(user);
      }
    },
  };
}
