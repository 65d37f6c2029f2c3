import { createLogger } from '@app/logger';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadGatewayConfig } from '../../src/config.ts';
import {
  bearer,
  type Gateway,
  insertUser,
  signedInUser,
  startGateway,
  uniqueEmail,
} from '../support/gateway-harness.ts';

// The limits on expensive or abusable endpoints (README.md, "Limits"): each one reached, answered 429 with
// Retry-After, and counted in Redis so that a second gateway instance on the same Redis and database (as
// another GATEWAY_WORKERS process or replica would be) sees the same counts.

const LIMITS = {
  GENERATION_TASKS_PER_MINUTE: '25',
  GENERATION_MAX_PENDING_PER_USER: '10',
  GENERATE_POST_MAX_IN_FLIGHT: '2',
  SOURCE_SUBMISSIONS_PER_HOUR: '3',
  REGISTER_IP_RATE_LIMIT: '2',
  FEEDS_IP_RATE_LIMIT: '3',
  LOGIN_ACCOUNT_FREE_FAILURES: '3',
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '4',
  LOGIN_ACCOUNT_CEILING_FAILURES: '8',
  // Apart from the per-account delay: the per-(IP, email) bucket must not be what answers here.
  LOGIN_RATE_LIMIT: '1000',
  // Suggestions point at 127.0.0.1, which needs no DNS.
  CRAWLER_ALLOW_PRIVATE_HOSTS: 'true',
};

let gateway: Gateway;
/** A second app on the same database and Redis: what another worker process is to the first. */
let replica: Awaited<ReturnType<typeof buildApp>>;
let redis: Redis;
let summaryId: string;

beforeAll(async () => {
  gateway = await startGateway(LIMITS);
  replica = await buildApp({
    config: gateway.config,
    prisma: gateway.db.prisma,
    producer: gateway.producer,
    transport: { ping: async () => undefined },
    logger: createLogger('gateway-replica', { level: 'silent' }),
  });
  await replica.ready();
  redis = new Redis(gateway.config.REDIS_URL!);
  const summary = await gateway.db.prisma.summary.create({
    data: { headline: 'A summary', content: 'Some content.', summaryType: 'blog_post', language: 'EN' },
  });
  summaryId = summary.id;
});

afterAll(async () => {
  await replica?.close();
  redis?.disconnect();
  await gateway?.close();
});

// Per-address counters outlive a run by up to an hour: every run uses addresses of its own.
const run = Math.floor(Math.random() * 0xffff).toString(16);
const address = (n: number) => `2001:db8:${run}:1::${n.toString(16)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function proUser(label: string) {
  const user = await signedInUser(gateway, { plan: 'pro' }, label);
  return { id: user.id, token: user.accessToken };
}

const createTask = (token: string, app = gateway.app) =>
  app.inject({
    method: 'POST',
    url: '/api/generation-tasks',
    headers: bearer(token),
    payload: { summary_id: summaryId, target_platforms: ['twitter'] },
  });

const pendingOf = (userId: string) =>
  gateway.db.prisma.contentGenerationQueue.count({ where: { userId, status: 'pending' } });

function expectLimited(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return { retryAfter, code: (response.json() as { error: { code: string } }).error.code };
}

describe('config', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgresql://x@localhost/x', JWT_SECRET: 'x'.repeat(40) };
  it('has a default for every limit and reads each key', () => {
    expect(loadGatewayConfig(base)).toMatchObject({
      GENERATION_TASKS_PER_MINUTE: 20,
      GENERATION_MAX_PENDING_PER_USER: 10,
      GENERATE_POST_MAX_IN_FLIGHT: 2,
      SOURCE_SUBMISSIONS_PER_HOUR: 10,
      REGISTER_IP_RATE_LIMIT: 10,
      FEEDS_IP_RATE_LIMIT: 120,
      LOGIN_ACCOUNT_FREE_FAILURES: 5,
      LOGIN_ACCOUNT_CEILING_FAILURES: 50,
      LOGIN_ACCOUNT_FAILURE_WINDOW_SECONDS: 900,
      LOGIN_ACCOUNT_MAX_DELAY_SECONDS: 300,
      LOGIN_WARNING_INTERVAL_HOURS: 6,
    });
    expect(gateway.config).toMatchObject({ GENERATION_TASKS_PER_MINUTE: 25, SOURCE_SUBMISSIONS_PER_HOUR: 3 });
  });

  it('refuses a limit that is not a positive whole number', () => {
    for (const key of [
      'GENERATION_MAX_PENDING_PER_USER',
      'GENERATE_POST_MAX_IN_FLIGHT',
      'REGISTER_IP_RATE_LIMIT',
      'FEEDS_IP_RATE_LIMIT',
      'LOGIN_ACCOUNT_CEILING_FAILURES',
      'LOGIN_WARNING_INTERVAL_HOURS',
    ]) {
      expect(() => loadGatewayConfig({ ...base, [key]: '0' }), key).toThrow(key);
      expect(() => loadGatewayConfig({ ...base, [key]: 'lots' }), key).toThrow(key);
    }
    // A ceiling under the free failures of one source would slow every account's first source too.
    expect(() =>
      loadGatewayConfig({ ...base, LOGIN_ACCOUNT_FREE_FAILURES: '10', LOGIN_ACCOUNT_CEILING_FAILURES: '9' }),
    ).toThrow('LOGIN_ACCOUNT_CEILING_FAILURES');
  });
});

describe('generation tasks', () => {
  it('creates at most GENERATION_TASKS_PER_MINUTE a minute per user, retries included, on every instance', async () => {
    const user = await proUser('per-minute');
    const other = await proUser('per-minute-other');
    for (let i = 0; i < 25; i++) {
      // Alternating instances: one count. Tasks are moved on so the waiting cap stays out of the way.
      const created = await createTask(user.token, i % 2 ? replica : gateway.app);
      expect(created.statusCode, created.body).toBe(200);
      await gateway.db.prisma.contentGenerationQueue.updateMany({
        where: { userId: user.id, status: 'pending' },
        data: { status: 'failed' },
      });
    }
    const limited = expectLimited(await createTask(user.token, replica));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.retryAfter).toBeLessThanOrEqual(60);
    // A retry queues work again: it counts as well.
    const failed = await gateway.db.prisma.contentGenerationQueue.findFirstOrThrow({
      where: { userId: user.id },
    });
    const retry = await gateway.app.inject({
      method: 'POST',
      url: `/api/generation-tasks/${failed.id}/retry`,
      headers: bearer(user.token),
    });
    expect(expectLimited(retry).code).toBe('RATE_LIMITED');
    // The count is the user's (from the token), not the address's.
    expect((await createTask(other.token)).statusCode).toBe(200);
  });

  it('keeps at most GENERATION_MAX_PENDING_PER_USER waiting, even against 30 parallel requests', async () => {
    const user = await proUser('burst');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createTask(user.token, i % 2 ? replica : gateway.app)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(await pendingOf(user.id)).toBe(10);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    const codes = refused.map((answer) => expectLimited(answer).code);
    // 25 got past the per-minute count; of those, the ten first were created.
    expect(codes.filter((code) => code === 'TOO_MANY_PENDING_TASKS')).toHaveLength(15);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(5);
  });

  it('frees a place when a waiting task starts, and refuses a retry over the cap', async () => {
    const user = await proUser('cap');
    for (let i = 0; i < 10; i++) expect((await createTask(user.token)).statusCode).toBe(200);
    const full = await createTask(user.token);
    expect(expectLimited(full).code).toBe('TOO_MANY_PENDING_TASKS');
    expect(full.json().error.message).toMatch(/10 tasks waiting/);
    // A failed task of this user, retried while ten wait: refused, and it stays failed.
    const failed = await gateway.db.prisma.contentGenerationQueue.create({
      data: { userId: user.id, status: 'failed', style: 'engaging', targetPlatforms: ['twitter'], summaryId },
    });
    const retry = await gateway.app.inject({
      method: 'POST',
      url: `/api/generation-tasks/${failed.id}/retry`,
      headers: bearer(user.token),
    });
    expect(expectLimited(retry).code).toBe('TOO_MANY_PENDING_TASKS');
    expect(
      (await gateway.db.prisma.contentGenerationQueue.findUniqueOrThrow({ where: { id: failed.id } })).status,
    ).toBe('failed');
    // One starts running: one place.
    const first = await gateway.db.prisma.contentGenerationQueue.findFirstOrThrow({
      where: { userId: user.id, status: 'pending' },
    });
    await gateway.db.prisma.contentGenerationQueue.update({
      where: { id: first.id },
      data: { status: 'processing' },
    });
    expect((await createTask(user.token)).statusCode).toBe(200);
    expect(expectLimited(await createTask(user.token)).code).toBe('TOO_MANY_PENDING_TASKS');
  });
});

describe('post-mode generation (requests held open)', () => {
  let base: string;
  beforeAll(async () => {
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  type Held = { controller: AbortController; answer: Promise<Response | Error> };
  const post = (token: string, url = base, postId = summaryId): Held => {
    const controller = new AbortController();
    const answer = fetch(`${url}/api/generate/post`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ post_id: postId, target_platforms: ['twitter'] }),
      signal: controller.signal,
    }).catch((error: Error) => error);
    return { controller, answer };
  };
  const injectPost = (token: string, app = gateway.app, postId = summaryId) =>
    app.inject({
      method: 'POST',
      url: '/api/generate/post',
      headers: bearer(token),
      payload: { post_id: postId, target_platforms: ['twitter'] },
    });
  /** Waits until the user has `n` tasks written (each held request writes one before it waits). */
  async function tasksWritten(userId: string, n: number) {
    for (let i = 0; i < 100; i++) {
      if ((await gateway.db.prisma.contentGenerationQueue.count({ where: { userId } })) >= n) return;
      await sleep(50);
    }
    throw new Error(`fewer than ${n} tasks written`);
  }
  const finishAll = (userId: string) =>
    gateway.db.prisma.contentGenerationQueue.updateMany({
      where: { userId, status: { in: ['pending', 'processing'] } },
      data: { status: 'completed' },
    });

  it('holds at most GENERATE_POST_MAX_IN_FLIGHT per user, counted across instances', async () => {
    const user = await proUser('in-flight');
    const held = [post(user.token), post(user.token)];
    await tasksWritten(user.id, 2);
    // A third, here or on the other instance: 429 while two are in flight.
    const third = await injectPost(user.token, replica);
    const limited = expectLimited(third);
    expect(limited.code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
    expect(third.json().error.message).toMatch(/2 generations running/);
    expect(await gateway.db.prisma.contentGenerationQueue.count({ where: { userId: user.id } })).toBe(2);
    // Another user is not affected.
    const other = await proUser('in-flight-other');
    const otherHeld = post(other.token);
    await tasksWritten(other.id, 1);
    // The two end (their tasks finish): their places come back.
    await finishAll(user.id);
    await finishAll(other.id);
    for (const request of [...held, otherHeld]) {
      const answer = await request.answer;
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(200);
    }
    const again = post(user.token);
    await tasksWritten(user.id, 3);
    await finishAll(user.id);
    expect(((await again.answer) as Response).status).toBe(200);
  }, 30_000);

  it('gives the place back when the client goes away, and on an error', async () => {
    const user = await proUser('abort');
    const held = [post(user.token), post(user.token)];
    await tasksWritten(user.id, 2);
    expect(expectLimited(await injectPost(user.token)).code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
    held[0]!.controller.abort();
    // The abort reaches the server as a closed connection; the place is free shortly after.
    let answer = await injectPost(user.token, gateway.app, crypto.randomUUID());
    for (let i = 0; i < 40 && answer.statusCode === 429; i++) {
      await sleep(50);
      answer = await injectPost(user.token, gateway.app, crypto.randomUUID());
    }
    // An unknown post: 404, not 429, and again and again: a failed request keeps no place.
    expect(answer.statusCode).toBe(404);
    for (let i = 0; i < 3; i++) {
      expect((await injectPost(user.token, replica, crypto.randomUUID())).statusCode).toBe(404);
    }
    await finishAll(user.id);
    expect(((await held[1]!.answer) as Response).status).toBe(200);
  }, 30_000);

  it('does not let the leases of a dead process hold places for ever', async () => {
    const user = await proUser('lapsed');
    const key = `${gateway.config.RATE_LIMIT_KEY_PREFIX}limits:generate-post:${user.id}`;
    const now = Number((await redis.time())[0]) * 1000;
    // Two leases still renewed by a live process: full.
    await redis.zadd(key, now + 60_000, 'live-1', now + 60_000, 'live-2');
    expect(expectLimited(await injectPost(user.token)).code).toBe('TOO_MANY_CONCURRENT_REQUESTS');
    // The same two, no longer renewed (their process died a minute ago): lapsed.
    await redis.zadd(key, now - 1000, 'live-1', now - 1000, 'live-2');
    const held = post(user.token);
    await tasksWritten(user.id, 1);
    expect(await redis.zcard(key)).toBe(1);
    await finishAll(user.id);
    expect(((await held.answer) as Response).status).toBe(200);
    expect(await redis.zcard(key)).toBe(0);
  }, 30_000);
});

describe('source suggestions', () => {
  it('accepts SOURCE_SUBMISSIONS_PER_HOUR per user an hour, on every instance', async () => {
    const user = await proUser('suggest');
    const other = await proUser('suggest-other');
    const suggest = (token: string, n: number, app = gateway.app) =>
      app.inject({
        method: 'POST',
        url: '/api/source-submissions',
        headers: bearer(token),
        payload: {
          topic: 'other',
          topic_custom: 'Feeds',
          platform: 'blog',
          url: `http://127.0.0.1/feed-${n}`,
        },
      });
    expect((await suggest(user.token, 1)).statusCode).toBe(200);
    expect((await suggest(user.token, 2, replica)).statusCode).toBe(200);
    expect((await suggest(user.token, 3)).statusCode).toBe(200);
    const limited = await suggest(user.token, 4, replica);
    expect(expectLimited(limited).code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toBe('Too many attempts, please try again in 1 hour');
    expect(expectLimited(limited).retryAfter).toBeGreaterThan(3500);
    expect(await gateway.db.prisma.sourceSubmission.count({ where: { userId: user.id } })).toBe(3);
    expect((await suggest(other.token, 1)).statusCode).toBe(200);
  });
});

describe('register', () => {
  const register = (ip: string, app = gateway.app) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('register'), password: 'correct-horse-battery' },
      remoteAddress: ip,
    });

  it('allows REGISTER_IP_RATE_LIMIT registrations an hour per address, on every instance', async () => {
    expect((await register(address(1))).statusCode).toBe(201);
    expect((await register(address(1), replica)).statusCode).toBe(201);
    const limited = await register(address(1));
    expect(expectLimited(limited).code).toBe('RATE_LIMITED');
    expect(expectLimited(limited).retryAfter).toBeGreaterThan(3500);
    expect((await register(address(2))).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    await register(address(3));
    await register(address(3));
    const spoofed = await gateway.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail('register'), password: 'correct-horse-battery' },
      remoteAddress: address(3),
      headers: { 'x-forwarded-for': address(4) },
    });
    expect(spoofed.statusCode).toBe(429);
  });
});

describe('feeds', () => {
  const feed = (url: string, ip: string, app = gateway.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress: ip, headers });

  it('answers FEEDS_IP_RATE_LIMIT requests a minute per address, however the path is spelled, on every instance', async () => {
    await gateway.db.prisma.topic.create({
      data: { slug: 'limits-topic', name: 'Limits', nameZh: '限制', description: 'Feeds under a limit' },
    });
    const ip = address(20);
    expect((await feed('/feeds/topics/limits-topic.rss', ip)).statusCode).toBe(200);
    expect((await feed('/feeds/topics/limits-topic.atom?lang=zh', ip, replica)).statusCode).toBe(200);
    expect((await feed('/feeds/topics/%6cimits-topic.rss', ip)).statusCode).toBe(200);
    for (const url of [
      '/feeds/topics/limits-topic.rss',
      '/feeds/topics/%6Cimits-topic.rss',
      'http://app.test/feeds/topics/limits-topic.rss',
      '/feeds/topics/limits-topic.rss?lang=en&lang=en',
      '/feeds/topics/no-such-topic.json?lang=en',
    ]) {
      expect(expectLimited(await feed(url, ip)).code, url).toBe('RATE_LIMITED');
    }
    // A doubled slash matches no feed route: no feed comes out of it either.
    const doubled = await feed('/feeds//topics/limits-topic.rss', ip);
    expect(doubled.statusCode).toBe(404);
    expect(doubled.body).not.toContain('<rss');
    expect(expectLimited(await feed('/feeds/topics/limits-topic.rss', ip, replica)).code).toBe(
      'RATE_LIMITED',
    );
    // A forwarded-for header from an untrusted peer is no way around it.
    const spoofed = await feed('/feeds/topics/limits-topic.rss', ip, gateway.app, {
      'x-forwarded-for': address(21),
    });
    expect(spoofed.statusCode).toBe(429);
    // Another reader is not affected.
    expect((await feed('/feeds/topics/limits-topic.rss', address(22))).statusCode).toBe(200);
  });

  it('limits the site’s feeds the same way, however the name is spelled', async () => {
    const ip = address(24);
    expect((await feed('/feeds/summaries.rss', ip)).statusCode).toBe(200);
    expect((await feed('/feeds/%62log.atom?lang=zh', ip, replica)).statusCode).toBe(200);
    // Cased: no such feed, yet a request of the route all the same.
    expect((await feed('/feeds/SUMMARIES.rss', ip)).statusCode).toBe(404);
    for (const url of [
      '/feeds/summaries.rss',
      '/feeds/%73ummaries.json',
      'http://app.test/feeds/blog.rss',
      '/feeds/blog.rss?lang=en&lang=en',
    ]) {
      expect(expectLimited(await feed(url, ip)).code, url).toBe('RATE_LIMITED');
    }
    expect((await feed('/feeds/summaries.rss', address(25))).statusCode).toBe(200);
  });

  it('limits guesses at favourites-feed tokens the same way', async () => {
    const ip = address(23);
    for (let n = 0; n < 3; n++) {
      expect((await feed(`/feeds/favorites/${'a'.repeat(40)}${n}.rss`, ip)).statusCode).not.toBe(429);
    }
    expect(expectLimited(await feed(`/feeds/favorites/${'b'.repeat(41)}.json`, ip)).code).toBe(
      'RATE_LIMITED',
    );
  });
});

describe('login: a growing delay per account and source, under a ceiling per account', () => {
  const attempt = (email: string, password: string, ip: string, app = gateway.app) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  /** An address in a /64 of its own: an IPv6 source is its /64, so `address(n)` are all one source. */
  const network = (n: number) => `2001:db8:${run}:${(0x100 + n).toString(16)}::1`;

  it('slows the source that keeps failing, on every instance; the owner signs in once the delay passes', async () => {
    const email = uniqueEmail('per-source');
    await insertUser(gateway.db.prisma, { email });
    const ip = address(0x100);
    // Three free failures, alternating instances.
    for (let i = 0; i < 3; i++) {
      expect((await attempt(email, 'wrong-password', ip, i % 2 ? replica : gateway.app)).statusCode).toBe(
        401,
      );
    }
    // Then 2 seconds since the last failure, even for the right password.
    const early = await attempt(email, 'correct-horse', ip, replica);
    expect(expectLimited(early)).toEqual({ retryAfter: 2, code: 'RATE_LIMITED' });
    expect(early.cookies).toEqual([]);
    await sleep(2100);
    // Once the delay has passed, a burst of parallel guesses gets one try, not one each.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(email, 'wrong-password', ip, i % 2 ? replica : gateway.app),
      ),
    );
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
    // The fourth failure doubled the delay (capped by LOGIN_ACCOUNT_MAX_DELAY_SECONDS = 4).
    const doubled = expectLimited(await attempt(email, 'correct-horse', ip));
    expect(doubled.retryAfter).toBeGreaterThan(2);
    expect(doubled.retryAfter).toBeLessThanOrEqual(4);
    await sleep(doubled.retryAfter * 1000 + 100);
    // The owner signs in, and that clears the source's count: three free failures again.
    expect((await attempt(email, 'correct-horse', ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await attempt(email, 'wrong-password', ip)).statusCode).toBe(429);
  }, 20_000);

  it('past the ceiling, slows a guess spread over many addresses, one try per delay', async () => {
    const email = uniqueEmail('distributed');
    await insertUser(gateway.db.prisma, { email });
    // Eight failures (the ceiling), each from a network of its own and under its free failures.
    for (let i = 0; i < 8; i++) {
      expect(
        (await attempt(email, 'wrong-password', network(i), i % 2 ? replica : gateway.app)).statusCode,
      ).toBe(401);
    }
    expect(expectLimited(await attempt(email, 'correct-horse', network(8)))).toEqual({
      retryAfter: 2,
      code: 'RATE_LIMITED',
    });
    await sleep(2100);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(email, 'wrong-password', network(9 + i), i % 2 ? replica : gateway.app),
      ),
    );
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  }, 20_000);

  it('keeps other accounts free of it', async () => {
    const slowed = uniqueEmail('slowed');
    const other = uniqueEmail('unrelated');
    await insertUser(gateway.db.prisma, { email: other });
    for (let i = 0; i < 3; i++) await attempt(slowed, 'wrong-password', address(0x200));
    expect((await attempt(slowed, 'wrong-password', address(0x200))).statusCode).toBe(429);
    expect((await attempt(other, 'correct-horse', address(0x200))).statusCode).toBe(200);
  });
});

describe('admin submissions list', () => {
  it('is paged: page and limit validated, limit at most 100, with the total', async () => {
    const admin = await signedInUser(gateway, { role: 'admin' }, 'admin');
    await gateway.db.prisma.sourceSubmission.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({
        userId: admin.id,
        platform: 'blog',
        url: `http://127.0.0.1/paged-${i}`,
        status: 'rejected' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const list = (query: string) =>
      gateway.app.inject({
        method: 'GET',
        url: `/api/admin/submissions?${query}`,
        headers: admin.headers,
      });
    const first = (await list('status=rejected')).json();
    expect(first).toMatchObject({ page: 1, limit: 20, total: 45 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0].url).toBe('http://127.0.0.1/paged-44');
    const last = (await list('status=rejected&page=3&limit=20')).json();
    expect(last.data.map((s: { url: string }) => s.url)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `http://127.0.0.1/paged-${i}`),
    );
    expect((await list('status=rejected&limit=100')).json().data).toHaveLength(45);
    for (const bad of ['limit=101', 'limit=0', 'page=0', 'page=x', 'limit=-5']) {
      const answer = await list(`status=rejected&${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
