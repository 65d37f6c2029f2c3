import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createPrismaClient, type PrismaClient } from '@app/db';
import { createProducer, createQueueTransport } from '@app/queue';
import { apiSignIn, liftedLimitsEnv, seedUser, startProduct, startSmtpCapture } from '@app/testing';
import { serviceEnv } from '../../infra/build/node-options.ts';
import { startCluster } from './cluster.ts';
import { startLlmFake, startSlowFeeds } from './fakes.ts';
import type { FaultContext } from './stage.ts';

const PASSWORD = 'fault-run-password';
const USERS = { admin: 'fault-admin@example.com', pro: 'fault-pro@example.com' } as const;

/** Short job locks, so a killed worker's jobs come back in seconds rather than BullMQ's default 30 s. */
export const LOCK_MS = 4000;

/** The admin and a Pro user, verified, with one password: the stages sign in through the API as them. */
export async function seedUsers(prisma: PrismaClient): Promise<void> {
  await seedUser(prisma, { email: USERS.admin, password: PASSWORD, role: 'admin' });
  await seedUser(prisma, { email: USERS.pro, password: PASSWORD, plan: 'pro' });
}

/**
 * The environment every service of a run gets: the run's PostgreSQL, Redis, SMTP server, storage and
 * OpenAI fake, short job locks, limits the batches stay under, and the schedulers a stage does not
 * start itself turned off.
 */
export function productEnv(options: {
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  storageDir: string;
  llmBaseUrl: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    JWT_SECRET: 'fault-run-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://app.test',
    STORAGE_DIR: options.storageDir,
    SMTP_URL: options.smtpUrl,
    LOGIN_RATE_LIMIT: '1000',
    // One Pro user queues the 40 tasks of the generate stage at once: above the per-user limits.
    ...liftedLimitsEnv(),
    OPENAI_BASE_URL: options.llmBaseUrl,
    OPENAI_API_KEY: 'sk-fault-run',
    OPENAI_MODEL: 'fake-model',
    OPENAI_TTS_MODEL: 'fake-tts',
    WORKER_LOCK_MS: String(LOCK_MS),
    GENERATION_LOCK_MS: String(LOCK_MS),
    GENERATION_SWEEP_MS: '2000',
    CRAWLER_ALLOW_PRIVATE_HOSTS: 'true',
    CRAWLER_SCHEDULER: 'false',
    CRAWLER_EXTRACT_MAX: '0',
    PODCAST_SCHEDULER: 'false',
    PODCAST_TTS_ENGINE: 'openai',
    PODCAST_CHUNK_CHARS: '200',
    DIGEST_SCHEDULER: 'true',
    DIGEST_TICK_SECONDS: '5',
    DIGEST_LEASE_SECONDS: '10',
  };
}

/** Signs in through one gateway's API as the admin or the Pro user. */
export function loginThrough(baseUrl: string) {
  return (role: 'admin' | 'pro') => apiSignIn(baseUrl, USERS[role], PASSWORD);
}

/**
 * The whole product on its own PostgreSQL and Redis, with local fakes for OpenAI, SMTP and the
 * feeds. Returns the fault context and a function that stops all of it.
 */
export async function startFaultRun(): Promise<{ ctx: FaultContext; stop(): Promise<void> }> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    const cluster = await startCluster();
    stops.push(() => cluster.stop());
    const llm = await startLlmFake();
    stops.push(() => llm.close());
    const feeds = await startSlowFeeds(5);
    stops.push(() => feeds.close());
    const smtp = await startSmtpCapture();
    stops.push(() => smtp.close());
    const storageDir = path.join(cluster.dir, 'storage');
    await mkdir(storageDir, { recursive: true });

    const prisma = createPrismaClient(cluster.databaseUrl);
    stops.push(() => prisma.$disconnect());
    await seedUsers(prisma);

    // The compiled services, as `pnpm start` and the images run them (`pnpm test:faults` builds them first):
    // six processes loading TypeScript through tsx at once took over a minute and a half to be ready on a
    // loaded two-core machine.
    const product = await startProduct(
      {
        ...productEnv({
          databaseUrl: cluster.databaseUrl,
          redisUrl: cluster.redisUrl,
          smtpUrl: smtp.url,
          storageDir,
          llmBaseUrl: llm.baseURL,
        }),
        ...serviceEnv({}),
      },
      { build: 'dist' },
    );
    stops.push(() => product.stop());

    const transport = createQueueTransport({ redisUrl: cluster.redisUrl, databaseUrl: cluster.databaseUrl });
    const producer = createProducer(transport);
    stops.push(
      () => transport.close(),
      () => producer.close(),
    );

    const login = loginThrough(product.baseUrl);

    return { ctx: { cluster, product, prisma, producer, llm, feeds, smtp, storageDir, login }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
