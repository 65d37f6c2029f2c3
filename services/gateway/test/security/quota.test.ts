import { createPrismaClient, type PrismaClient } from '@app/db';
import { createLogger } from '@app/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createGenerationTasksRepository } from '../../src/modules/generation/generation-tasks.repository.ts';
import { bearer, type Gateway, signedInUser, startGateway } from '../support/gateway-harness.ts';

// The monthly generation quota under attack (issue 34, findings 1 and 2): parallel creates racing
// for the last places, and retries of cancelled or failed tasks. The quota counts runs (a task
// entering the queue, created or retried) in the month they run, checked and taken under the
// user's lock in the same transaction as the insert.

const QUOTA = 3;
let gateway: Gateway;
/** Another gateway process on the same database, with its own connections (as in production). */
let replica: Awaited<ReturnType<typeof buildApp>>;
let replicaPrisma: PrismaClient;
let summaryId: string;
beforeAll(async () => {
  gateway = await startGateway({
    GENERATION_MONTHLY_QUOTA: String(QUOTA),
    GENERATION_MAX_PENDING_PER_USER: '1000',
    GENERATION_TASKS_PER_MINUTE: '1000',
  });
  replicaPrisma = createPrismaClient(gateway.db.url);
  replica = await buildApp({
    config: gateway.config,
    prisma: replicaPrisma,
    producer: gateway.producer,
    transport: { ping: async () => undefined },
    logger: createLogger('gateway-replica', { level: 'silent' }),
  });
  await replica.ready();
  summaryId = (
    await gateway.db.prisma.summary.create({
      data: { headline: 'Quota', content: 'Text.', summaryType: 'blog_post', language: 'EN' },
    })
  ).id;
});
afterAll(async () => {
  await replica?.close();
  await replicaPrisma?.$disconnect();
  await gateway?.close();
});

async function proUser() {
  const user = await signedInUser(gateway, { plan: 'pro' }, 'quota');
  return { id: user.id, token: user.accessToken };
}

const create = (token: string, app = gateway.app) =>
  app.inject({
    method: 'POST',
    url: '/api/generation-tasks',
    headers: bearer(token),
    payload: { summary_id: summaryId, target_platforms: ['twitter'] },
  });
const act = (token: string, taskId: string, action: 'retry' | 'cancel') =>
  gateway.app.inject({
    method: 'POST',
    url: `/api/generation-tasks/${taskId}/${action}`,
    headers: bearer(token),
  });
const used = async (token: string) =>
  (await gateway.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json()
    .generation_quota.used as number;

describe('monthly generation quota', () => {
  for (const parallel of [12, 100])
    it(`${parallel} parallel creates never pass the quota`, async () => {
      const user = await proUser();
      const answers = await Promise.all(
        Array.from({ length: parallel }, (_, i) => create(user.token, i % 2 ? replica : gateway.app)),
      );
      const accepted = answers.filter((a) => a.statusCode === 200);
      expect(accepted).toHaveLength(QUOTA);
      // Refused for the quota, or (a burst outwaiting the user's lock on a busy machine) told to come
      // back: a 429 either way, never a 500.
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.statusCode).toBe(429);
        expect(['GENERATION_QUOTA_EXHAUSTED', 'TOO_MANY_CONCURRENT_REQUESTS']).toContain(
          refused.json().error.code,
        );
      }
      expect(await gateway.db.prisma.contentGenerationQueue.count({ where: { userId: user.id } })).toBe(
        QUOTA,
      );
      expect(await used(user.token)).toBe(QUOTA);
    });

  it('a create that waits too long behind the same user’s others gets 429 with Retry-After, not a 500', async () => {
    const user = await proUser();
    const repository = createGenerationTasksRepository(replicaPrisma, { lockWaitMs: 200 });
    // Another request of the user holds the lock for a second.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = gateway.db.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`generation-pending:${user.id}`}, 0))`;
        locked();
        await held;
      },
      { timeout: 10_000 },
    );
    await holding;
    const error = await repository
      .create({
        userId: user.id,
        summaryId,
        style: 'professional',
        targetPlatforms: ['twitter'],
        userLanguage: 'EN',
        maxPending: 1000,
        quota: { limit: QUOTA, since: new Date(0), at: new Date() },
      })
      .catch((e: unknown) => e);
    release();
    await holder;
    expect(error).toMatchObject({ code: 'TOO_MANY_CONCURRENT_REQUESTS', status: 429, retryAfterSeconds: 2 });
    expect(await gateway.db.prisma.contentGenerationQueue.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a retry is a run of its own: cancelling and retrying never passes the quota', async () => {
    const user = await proUser();
    const ids: string[] = [];
    for (let i = 0; i < QUOTA; i++) ids.push((await create(user.token)).json().task_id);
    expect((await create(user.token)).json().error.code).toBe('GENERATION_QUOTA_EXHAUSTED');
    // The first one ran a model call and then failed: that run stays counted.
    await gateway.db.prisma.contentGenerationQueue.update({
      where: { id: ids[0] },
      data: { status: 'failed' },
    });
    await gateway.db.prisma.aiUsage.create({
      data: {
        feature: 'generation',
        provider: 'openai',
        model: 'gpt-4o-mini',
        latencyMs: 10,
        success: true,
        userId: user.id,
        generationTaskId: ids[0]!,
      },
    });
    expect((await act(user.token, ids[0]!, 'retry')).json().error.code).toBe('GENERATION_QUOTA_EXHAUSTED');
    // Cancelled before any call: that place comes back, once.
    expect((await act(user.token, ids[1]!, 'cancel')).statusCode).toBe(200);
    expect(await used(user.token)).toBe(QUOTA - 1);
    expect((await act(user.token, ids[0]!, 'retry')).statusCode).toBe(200);
    expect(await used(user.token)).toBe(QUOTA);
    // Retried again and again in parallel: none passes.
    const retries = await Promise.all(Array.from({ length: 4 }, () => act(user.token, ids[1]!, 'retry')));
    expect(retries.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(await used(user.token)).toBe(QUOTA);
  });

  it('a task created last month and retried this month counts this month', async () => {
    const user = await proUser();
    const prisma = gateway.db.prisma;
    const lastMonth = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 86_400_000,
    );
    const old = await prisma.contentGenerationQueue.create({
      data: {
        userId: user.id,
        status: 'failed',
        targetPlatforms: ['twitter'],
        createdAt: lastMonth,
        enqueuedAt: lastMonth,
      },
    });
    await prisma.generationRun.create({ data: { taskId: old.id, userId: user.id, runAt: lastMonth } });
    expect(await used(user.token)).toBe(0);
    expect((await act(user.token, old.id, 'retry')).statusCode).toBe(200);
    expect(await used(user.token)).toBe(1);
    for (let i = 0; i < QUOTA - 1; i++) expect((await create(user.token)).statusCode).toBe(200);
    expect((await create(user.token)).json().error.code).toBe('GENERATION_QUOTA_EXHAUSTED');
  });

  it('two processes creating at once, straight at the repository: the check and the insert are one locked step', async () => {
    const user = await proUser();
    const repositories = [gateway.db.prisma, replicaPrisma].map((client) =>
      createGenerationTasksRepository(client),
    );
    const quota = { limit: QUOTA, since: new Date(Date.now() - 86_400_000), at: new Date() };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        repositories[i % 2]!.create({
          userId: user.id,
          summaryId,
          style: 'engaging',
          targetPlatforms: ['twitter'],
          userLanguage: 'EN',
          maxPending: 1000,
          quota,
        }),
      ),
    );
    expect(results.filter((result) => typeof result === 'object')).toHaveLength(QUOTA);
    expect(results.filter((result) => result === 'quota-exhausted')).toHaveLength(40 - QUOTA);
  });
});
