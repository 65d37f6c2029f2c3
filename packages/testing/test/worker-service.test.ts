import { randomUUID } from 'node:crypto';
import { loadConfig, workerEnvShape, z } from '@app/config';
import { JOB_DEFINITIONS, type JobName, QUEUE_NAMES } from '@app/contracts';
import { createLogger } from '@app/logger';
import {
  createProducer,
  createQueueTransport,
  defineWorkerService,
  type ProcessorDefinition,
  WorkerSetupError,
} from '@app/queue';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/database.ts';
import { cleanupPrefix, testPrefix, testRedisUrl, testTransportOptions } from '../src/redis.ts';

const logger = createLogger('worker-service-test', { level: 'silent' });
const configSchema = z.object(workerEnvShape);
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await cleanupPrefix(testPrefix());
  await db.drop();
});

const configOf = (env: Record<string, string> = {}) =>
  loadConfig(configSchema, { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), HEALTH_PORT: '0', ...env });

/** A processor for every job of the mail queue (a worker covers a whole queue). */
function mailProcessors(handle: () => Promise<unknown>): ProcessorDefinition<JobName>[] {
  return (Object.keys(JOB_DEFINITIONS) as JobName[])
    .filter((name) => JOB_DEFINITIONS[name].queue === QUEUE_NAMES.mail)
    .map((name) => ({ name, handle }));
}

it('lets the job in hand finish, then closes what the service opened', async () => {
  const events: string[] = [];
  let jobStarted!: () => void;
  const started = new Promise<void>((resolve) => {
    jobStarted = resolve;
  });
  const service = defineWorkerService({
    name: 'close-order',
    configSchema,
    setup: ({ signal }) => ({
      processors: mailProcessors(async () => {
        jobStarted();
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push(`job finished, stop signalled: ${signal.aborted}`);
      }),
      close: async () => {
        events.push('service closed');
      },
    }),
  });
  const running = await service.start(configOf(), { prisma: db.prisma, prefix: testPrefix(), logger });
  const transport = createQueueTransport(testTransportOptions(db.url));
  const producer = createProducer(transport);
  try {
    await producer.enqueue('send-verification-email', {
      userId: randomUUID(),
      email: 'ann@example.com',
      verifyUrl: 'http://localhost:3000/api/auth/verify?token=abc',
      language: 'en',
    });
    await started;
    await running.close();
    expect(events).toEqual(['job finished, stop signalled: true', 'service closed']);
  } finally {
    await producer.close();
    await transport.close();
  }
});

it('refuses to start with a scheduler for an unknown job, and closes what setup opened', async () => {
  let closed = false;
  const service = defineWorkerService({
    name: 'bad-scheduler',
    configSchema,
    setup: () => ({
      processors: mailProcessors(async () => undefined),
      schedulers: [{ id: 'nightly', repeat: { every: 60_000 }, template: { name: 'no-such-job' } }],
      close: async () => {
        closed = true;
      },
    }),
  });
  const starting = service.start(configOf(), { prisma: db.prisma, prefix: testPrefix(), logger });
  await expect(starting).rejects.toThrow(WorkerSetupError);
  await expect(starting).rejects.toThrow('Scheduler nightly names unknown job no-such-job');
  expect(closed).toBe(true);
});

it('takes its queue namespace from QUEUE_PREFIX unless the caller gives one', async () => {
  const service = defineWorkerService({
    name: 'namespaced',
    configSchema,
    setup: () => ({ processors: mailProcessors(async () => undefined) }),
  });
  const running = await service.start(configOf({ QUEUE_PREFIX: testPrefix() }), {
    prisma: db.prisma,
    logger,
  });
  try {
    expect(running.transport.prefix).toBe(testPrefix());
  } finally {
    await running.close();
  }
});
