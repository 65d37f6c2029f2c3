import { JOB_DEFINITIONS } from '@app/contracts';
import { testRedisUrl, waitFor } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';
import { redisProxy } from './support/redis-proxy.ts';

// Requests that add a job while Redis cannot be reached answer 503 at once (the client may try again)
// rather than waiting, unanswered, for Redis to come back; and a job refused then is never sent later.
// Generation tasks are the exception by design: their row is their outbox (generation-redis-down.test.ts).

/** Longer than any answer here takes, far shorter than the wait for Redis that the 503 replaces. */
const ANSWERED_WITHIN_MS = 5000;

const PASSWORD = 'correct horse battery 9';
const register = (gateway: Gateway, email: string) =>
  answeredInTime(
    gateway.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD, language: 'en' },
    }),
  );

/** The request's answer, or a failure if it is still waiting after ANSWERED_WITHIN_MS. */
async function answeredInTime<T>(request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      request,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${ANSWERED_WITHIN_MS} ms: the request waits for Redis`)),
          ANSWERED_WITHIN_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The addresses the verification emails queued so far go to. */
async function verificationEmailsQueued(gateway: Gateway): Promise<string[]> {
  const queue = gateway.producer.queue(JOB_DEFINITIONS['send-verification-email'].queue);
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((job) => job?.name === 'send-verification-email')
    .map((job) => (job.data as { email: string }).email)
    .sort();
}

describe('Redis cut off while the gateway runs', () => {
  let gateway: Gateway;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    proxy = await redisProxy(testRedisUrl());
    await proxy.open();
    gateway = await startGateway({ REDIS_URL: proxy.url });
    adminHeaders = (await signedInUser(gateway, { role: 'admin' }, 'admin')).headers;
  });

  afterAll(async () => {
    await proxy?.close();
    await gateway?.close();
  });

  it('a registration answers 503 at once, keeps no account, and its email is never sent later', async () => {
    expect((await register(gateway, 'before-cut@example.com')).statusCode).toBe(201);

    await proxy.close();
    const refused = await register(gateway, 'during-cut@example.com');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(
      await gateway.db.prisma.user.findUnique({ where: { email: 'during-cut@example.com' } }),
    ).toBeNull();

    const subscribe = await answeredInTime(
      gateway.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscriptions',
        payload: { email: 'reader-during-cut@example.com', topic_ids: [await topicId(gateway)] },
      }),
    );
    expect(subscribe.statusCode).toBe(503);
    expect(subscribe.headers['retry-after']).toBeDefined();

    const queues = await answeredInTime(
      gateway.app.inject({ method: 'GET', url: '/api/admin/queues', headers: adminHeaders }),
    );
    expect(queues.statusCode).toBe(503);
    expect(queues.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });

    await proxy.open();
    await waitFor(async () => (await register(gateway, 'after-cut@example.com')).statusCode === 201, {
      timeoutMs: 20_000,
      intervalMs: 250,
      message: 'registration to work again once Redis is back',
    });
    // The refused registration's email was not held back to go out now.
    expect(await verificationEmailsQueued(gateway)).toEqual([
      'after-cut@example.com',
      'before-cut@example.com',
    ]);
  }, 60_000);
});

it('a gateway that starts while Redis is away answers 503, then works once Redis is there', async () => {
  const proxy = await redisProxy(testRedisUrl());
  const gateway = await startGateway({ REDIS_URL: proxy.url });
  try {
    const refused = await register(gateway, 'early@example.com');
    expect(refused.statusCode).toBe(503);
    expect(await gateway.db.prisma.user.count({ where: { email: 'early@example.com' } })).toBe(0);
    // A queue whose connection was never up: BullMQ would wait for it.
    const { headers } = await signedInUser(gateway, { role: 'admin' }, 'admin');
    const queues = await answeredInTime(
      gateway.app.inject({ method: 'GET', url: '/api/admin/queues', headers }),
    );
    expect(queues.statusCode).toBe(503);

    await proxy.open();
    await waitFor(async () => (await register(gateway, 'later@example.com')).statusCode === 201, {
      timeoutMs: 30_000,
      intervalMs: 250,
      message: 'registration to work once Redis is there',
    });
    expect(await verificationEmailsQueued(gateway)).toEqual(['later@example.com']);
  } finally {
    await proxy.close();
    await gateway.close();
  }
}, 60_000);

async function topicId(gateway: Gateway): Promise<string> {
  const topic = await gateway.db.prisma.topic.create({
    data: { slug: `redis-away-${Date.now()}`, name: 'Redis away', keywords: ['redis'] },
  });
  return topic.id;
}
