import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';

/**
 * Failed logins of one account, counted in buckets: one per client source (an IPv4 address or an IPv6
 * /64) and one per known device (a browser that signed in to the account before, see known-device.ts).
 * After `freeFailures` failures of a bucket within the window, each further attempt from it must wait 2^k
 * seconds since its last failure (k = failures beyond the free ones, starting at 1), up to
 * `maxDelaySeconds`: one source's guesses slow that source alone, so a stranger who knows the address
 * cannot keep its owner out. Every failure also counts for the account as a whole; past
 * `ceilingFailures` of those, attempts from sources (not from known devices) wait the same way, which
 * slows a guess spread over many addresses.
 *
 * Attempts refused meanwhile are not counted. When a delay has passed, one attempt takes the turn (it
 * restarts the clock), so a burst of parallel guesses gets one try per delay, not one each. A successful
 * login clears its bucket; a new password clears every bucket of the account and its ceiling.
 */
export type LoginDelayOptions = {
  freeFailures: number;
  ceilingFailures: number;
  windowSeconds: number;
  maxDelaySeconds: number;
  /** The account's failures (all buckets) from which its owner is warned, at most once per interval. */
  warnAfterFailures: number;
  warnIntervalSeconds: number;
  onError?: (error: unknown) => void;
};

/** Whose delay an attempt answers to: the account (the normalised email) and one of its buckets. */
export type LoginAttemptKey = { account: string; bucket: string; ceiling: boolean };

export type LoginDelay = {
  /** 0: go ahead (and this attempt now holds the turn); otherwise the seconds left to wait. */
  check(key: LoginAttemptKey): Promise<number>;
  /** `warnOwner`: the account just reached `warnAfterFailures`, and its owner was not warned lately. */
  recordFailure(key: LoginAttemptKey): Promise<{ warnOwner: boolean }>;
  /** A successful login: its bucket starts over. */
  clear(key: LoginAttemptKey): Promise<void>;
  /** A new password: every bucket of the account, and its ceiling, start over. */
  clearAccount(account: string): Promise<void>;
};

/**
 * The bucket of a login attempt: the browser's known device for this account, else the client's source
 * (an IPv6 client is given a /64 as a rule, so one source is a network, not one of its addresses).
 */
export function loginAttemptKey(email: string, ip: string, device: string | null): LoginAttemptKey {
  const account = email.trim().toLowerCase();
  if (device) return { account, bucket: `device:${device}`, ceiling: false };
  return { account, bucket: `source:${sourceOf(ip)}`, ceiling: true };
}

function sourceOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  // An IPv4 client seen through an IPv4-mapped IPv6 address is that IPv4 address.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

// Every script reads the clock of Redis, so every gateway process agrees on it.
const NOW = `
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
-- A bucket counted before the account's password last changed (an older generation) is void.
local generation = redis.call('HGET', KEYS[1], 'g') or '0'
if (redis.call('HGET', KEYS[2], 'g') or '0') ~= generation then redis.call('DEL', KEYS[2]) end`;

// KEYS[1] the account's hash {n, t: its failures and last failure or turn taken (ms), g: generation},
// KEYS[2] the bucket's hash {n, t, g}. ARGV: free, ceiling (0: none), maxDelayMs.
const CHECK = `${NOW}
local function waitOf(key, free)
  local n = tonumber(redis.call('HGET', key, 'n') or '0')
  if n < free then return nil end
  local t = tonumber(redis.call('HGET', key, 't') or '0')
  return t + math.min(math.pow(2, n - free + 1) * 1000, tonumber(ARGV[3])) - now
end
local own = waitOf(KEYS[2], tonumber(ARGV[1]))
local all = nil
if tonumber(ARGV[2]) > 0 then all = waitOf(KEYS[1], tonumber(ARGV[2])) end
local wait = math.max(own or 0, all or 0)
if wait > 0 then return wait end
if own then redis.call('HSET', KEYS[2], 't', now) end
if all then redis.call('HSET', KEYS[1], 't', now) end
return 0`;

// KEYS[3] set while the owner was warned lately. ARGV: windowMs, warnAfter, warnIntervalMs. Windows slide:
// each restarts at every failure.
const FAIL = `${NOW}
redis.call('HINCRBY', KEYS[2], 'n', 1)
redis.call('HSET', KEYS[2], 't', now, 'g', generation)
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[1]))
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], 't', now)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
if n >= tonumber(ARGV[2]) and redis.call('SET', KEYS[3], now, 'PX', tonumber(ARGV[3]), 'NX') then return 1 end
return 0`;

// The generation outlives every bucket it voids: none lives longer than the window after its last failure.
const CLEAR_ACCOUNT = `
redis.call('HDEL', KEYS[1], 'n', 't')
redis.call('HINCRBY', KEYS[1], 'g', 1)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

const delayMs = (failures: number, free: number, options: LoginDelayOptions) =>
  Math.min(2 ** (failures - free + 1) * 1000, options.maxDelaySeconds * 1000);

type Entry = { n: number; t: number; g: number; expires: number };

/** The same rules in this process alone: without REDIS_URL, or while Redis does not answer. */
function localLoginDelay(options: LoginDelayOptions) {
  const entries = new Map<string, Entry>();
  const windowMs = options.windowSeconds * 1000;
  const live = (key: string, now: number): Entry => {
    const entry = entries.get(key);
    if (entry && entry.expires > now) return entry;
    if (entry) entries.delete(key);
    return { n: 0, t: 0, g: 0, expires: 0 };
  };
  const store = (key: string, entry: Entry) => {
    if (entries.size > 100_000) for (const k of entries.keys()) live(k, Date.now());
    entries.set(key, entry);
  };
  /** The bucket, void when it was counted before the account's password last changed. */
  const bucketOf = (keys: Keys, now: number) => {
    const bucket = live(keys.bucket, now);
    const { g } = live(keys.account, now);
    return bucket.g === g ? bucket : { n: 0, t: 0, g, expires: 0 };
  };
  const waitOf = (entry: Entry, free: number, now: number) =>
    entry.n < free ? undefined : entry.t + delayMs(entry.n, free, options) - now;
  return {
    check(keys: Keys, ceiling: boolean): number {
      const now = Date.now();
      const bucket = bucketOf(keys, now);
      const account = live(keys.account, now);
      const own = waitOf(bucket, options.freeFailures, now);
      const all = ceiling ? waitOf(account, options.ceilingFailures, now) : undefined;
      const wait = Math.max(own ?? 0, all ?? 0);
      if (wait > 0) return wait;
      if (own !== undefined) bucket.t = now;
      if (all !== undefined) account.t = now;
      return 0;
    },
    recordFailure(keys: Keys): boolean {
      const now = Date.now();
      const bucket = bucketOf(keys, now);
      store(keys.bucket, { ...bucket, n: bucket.n + 1, t: now, expires: now + windowMs });
      const account = live(keys.account, now);
      const n = account.n + 1;
      store(keys.account, { ...account, n, t: now, expires: now + windowMs });
      if (n < options.warnAfterFailures || live(keys.warned, now).expires > now) return false;
      store(keys.warned, { n: 1, t: now, g: 0, expires: now + options.warnIntervalSeconds * 1000 });
      return true;
    },
    clear(key: string) {
      entries.delete(key);
    },
    clearAccount(account: string) {
      const now = Date.now();
      store(account, { n: 0, t: 0, g: live(account, now).g + 1, expires: now + windowMs });
    },
  };
}

type Keys = { account: string; bucket: string; warned: string };

export function createLoginDelay(redis: Redis | undefined, namespace: string, options: LoginDelayOptions) {
  const local = localLoginDelay(options);
  // Neither the address nor the client's source is kept in Redis as such.
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const accountKey = (account: string) => `${namespace}login:${hash(account)}`;
  const keysOf = (key: LoginAttemptKey): Keys => {
    const account = accountKey(key.account);
    return { account, bucket: `${account}:${hash(key.bucket)}`, warned: `${account}:warned` };
  };
  const fallback = <T>(error: unknown, value: () => T): T => {
    options.onError?.(error);
    return value();
  };
  const delay: LoginDelay = {
    async check(key) {
      const keys = keysOf(key);
      const ceiling = key.ceiling ? options.ceilingFailures : 0;
      const inProcess = () => Math.ceil(local.check(keys, key.ceiling) / 1000);
      if (!redis) return inProcess();
      try {
        const wait = Number(
          await redis.eval(
            CHECK,
            2,
            keys.account,
            keys.bucket,
            options.freeFailures,
            ceiling,
            options.maxDelaySeconds * 1000,
          ),
        );
        return Math.ceil(wait / 1000);
      } catch (error) {
        return fallback(error, inProcess);
      }
    },
    async recordFailure(key) {
      const keys = keysOf(key);
      const inProcess = () => ({ warnOwner: local.recordFailure(keys) });
      if (!redis) return inProcess();
      try {
        const warned = await redis.eval(
          FAIL,
          3,
          keys.account,
          keys.bucket,
          keys.warned,
          options.windowSeconds * 1000,
          options.warnAfterFailures,
          options.warnIntervalSeconds * 1000,
        );
        return { warnOwner: Number(warned) === 1 };
      } catch (error) {
        return fallback(error, inProcess);
      }
    },
    async clear(key) {
      const { bucket } = keysOf(key);
      local.clear(bucket);
      if (redis) await redis.del(bucket).catch((error: unknown) => options.onError?.(error));
    },
    async clearAccount(account) {
      const key = accountKey(account.trim().toLowerCase());
      local.clearAccount(key);
      if (!redis) return;
      await redis
        .eval(CLEAR_ACCOUNT, 1, key, options.windowSeconds * 1000)
        .catch((error: unknown) => options.onError?.(error));
    },
  };
  return delay;
}
