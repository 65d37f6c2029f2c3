import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Failed logins per account, from any address: after `freeFailures` of them within the window, each further
 * attempt must wait 2^k seconds since the last failure (k = failures beyond the free ones, starting at 1),
 * up to `maxDelaySeconds`. Attempts refused meanwhile are not counted, so the owner can still sign in once
 * the delay has passed; a successful login clears the count. When the delay has passed, one attempt takes
 * the turn (it restarts the clock), so a burst of parallel guesses gets one try per delay, not one each.
 */
export type LoginDelayOptions = {
  freeFailures: number;
  windowSeconds: number;
  maxDelaySeconds: number;
  onError?: (error: unknown) => void;
};

export type LoginDelay = {
  /** 0: go ahead (and this attempt now holds the turn); otherwise the seconds left to wait. */
  check(account: string): Promise<number>;
  recordFailure(account: string): Promise<void>;
  clear(account: string): Promise<void>;
};

// KEYS[1] the account's hash {n: failures, t: last failure or turn taken, ms}. ARGV: free, maxDelayMs.
const CHECK = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local free = tonumber(ARGV[1])
if n < free then return 0 end
local t = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
local delay = math.min(math.pow(2, n - free + 1) * 1000, tonumber(ARGV[2]))
local wait = t + delay - now
if wait > 0 then return wait end
redis.call('HSET', KEYS[1], 't', now)
return 0`;

// ARGV: windowMs. The window slides: it restarts at every failure.
const FAIL = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], 't', now)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

const delayMs = (failures: number, options: LoginDelayOptions) =>
  Math.min(2 ** (failures - options.freeFailures + 1) * 1000, options.maxDelaySeconds * 1000);

/** The same rules in this process alone: without REDIS_URL, or while Redis does not answer. */
function localLoginDelay(options: LoginDelayOptions) {
  const accounts = new Map<string, { n: number; t: number; expires: number }>();
  const live = (key: string, now: number) => {
    const entry = accounts.get(key);
    if (entry && entry.expires <= now) accounts.delete(key);
    return entry && entry.expires > now ? entry : undefined;
  };
  return {
    check(key: string): number {
      const now = Date.now();
      const entry = live(key, now);
      if (!entry || entry.n < options.freeFailures) return 0;
      const wait = entry.t + delayMs(entry.n, options) - now;
      if (wait > 0) return wait;
      entry.t = now;
      return 0;
    },
    recordFailure(key: string) {
      const now = Date.now();
      if (accounts.size > 100_000) for (const k of accounts.keys()) live(k, now);
      const entry = live(key, now) ?? { n: 0, t: now, expires: 0 };
      entry.n += 1;
      entry.t = now;
      entry.expires = now + options.windowSeconds * 1000;
      accounts.set(key, entry);
    },
    clear(key: string) {
      accounts.delete(key);
    },
  };
}

export function createLoginDelay(redis: Redis | undefined, namespace: string, options: LoginDelayOptions) {
  const local = localLoginDelay(options);
  // The address is not kept in Redis as such.
  const keyOf = (account: string) =>
    `${namespace}login-failures:${createHash('sha256').update(account).digest('hex')}`;
  const fallback = <T>(error: unknown, value: () => T): T => {
    options.onError?.(error);
    return value();
  };
  const delay: LoginDelay = {
    async check(account) {
      const key = keyOf(account);
      if (!redis) return Math.ceil(local.check(key) / 1000);
      try {
        const wait = Number(
          await redis.eval(CHECK, 1, key, options.freeFailures, options.maxDelaySeconds * 1000),
        );
        return Math.ceil(wait / 1000);
      } catch (error) {
        return fallback(error, () => Math.ceil(local.check(key) / 1000));
      }
    },
    async recordFailure(account) {
      const key = keyOf(account);
      if (!redis) return local.recordFailure(key);
      await redis
        .eval(FAIL, 1, key, options.windowSeconds * 1000)
        .catch((error: unknown) => fallback(error, () => local.recordFailure(key)));
    },
    async clear(account) {
      const key = keyOf(account);
      local.clear(key);
      if (redis) await redis.del(key).catch((error: unknown) => options.onError?.(error));
    },
  };
  return delay;
}
