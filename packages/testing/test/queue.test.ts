import { randomUUID } from 'node:crypto';
import {
  GENERATION_DEFAULTS,
  JOB_DEFINITIONS,
  type JobName,
  QUEUE_NAMES,
  type SendVerificationEmailJob,
} from '@app/contracts';
import { createLogger } from '@app/logger';
import {
  createProducer,
  createQueueTransport,
  createWorkers,
  DEFAULT_JOB_OPTIONS,
  defineProcessor,
  InvalidJobPayloadError,
  jobOptionsOf,
  type QueueTransport,
  scheduledOptionsOf,
  WorkerSetupError,
} from '@app/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/database.ts';
import { cleanupPrefix, testPrefix, testTransportOptions } from '../src/redis.ts';
import { waitFor } from '../src/wait-for.ts';

const logger = createLogger('queue-test', { level: 'silent' });
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await cleanupPrefix(testPrefix());
  await db.drop();
});

const payload = (): SendVerificationEmailJob => ({
  userId: randomUUID(),
  email: 'ann@example.com',
  verifyUrl: 'http://localhost:3000/api/auth/verify?token=abc',
  language: 'en',
  requestId: 'req-1',
});

function otherMailJobs(): JobName[] {
  return (Object.keys(JOB_DEFINITIONS) as JobName[]).filter(
    (name) => JOB_DEFINITIONS[name].queue === QUEUE_NAMES.mail && name !== 'send-verification-email',
  );
}

async function roundTrip(transport: QueueTransport) {
  const received: { payload: SendVerificationEmailJob; progress: number }[] = [];
  const workers = createWorkers({
    transport,
    logger,
    processors: [
      defineProcessor<'send-verification-email'>({
        name: 'send-verification-email',
        async handle(data, { progress, job }) {
          await progress(50);
          received.push({ payload: data, progress: Number(job.progress) });
          return { sent: true };
        },
      }),
      // The worker covers a whole queue, so the other mail jobs need a processor too.
      ...otherMailJobs().map((name) => ({ name, handle: async () => undefined })),
    ],
  });
  const producer = createProducer(transport);
  try {
    const sent = payload();
    const jobId = await producer.enqueue('send-verification-email', sent);
    await waitFor(() => received.length === 1, { message: 'the job to be processed' });
    expect(received[0]).toEqual({ payload: sent, progress: 50 });
    const job = await producer.queue(QUEUE_NAMES.mail).getJob(jobId);
    await waitFor(async () => (await job?.getState()) === 'completed', { message: 'completed state' });
    expect(workers.workers).toHaveLength(1);
  } finally {
    await workers.close();
    await producer.close();
  }
}

describe('queue transport', () => {
  it('runs a job end to end on Redis', async () => {
    const transport = createQueueTransport(testTransportOptions(db.url));
    expect(transport.kind).toBe('redis');
    try {
      await transport.ping();
      await roundTrip(transport);
    } finally {
      await transport.close();
    }
  });

  it('runs a job end to end on the PostgreSQL backend when no Redis URL is given', async () => {
    const transport = createQueueTransport({ databaseUrl: db.url, prefix: testPrefix() });
    expect(transport.kind).toBe('postgres');
    try {
      await transport.ping();
      await roundTrip(transport);
    } finally {
      await transport.close();
    }
  });
});

describe('createWorkers', () => {
  const transport = () => createQueueTransport(testTransportOptions(db.url));
  const noop = defineProcessor({ name: 'send-verification-email', handle: async () => undefined });

  it('refuses two processors for one job', async () => {
    const t = transport();
    try {
      expect(() => createWorkers({ transport: t, logger, processors: [noop, { ...noop }] })).toThrow(
        WorkerSetupError,
      );
      expect(() => createWorkers({ transport: t, logger, processors: [noop, { ...noop }] })).toThrow(
        /two processors/,
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a processor for a job that is not in the catalogue', async () => {
    const t = transport();
    try {
      const unknown = { name: 'no-such-job' as JobName, handle: async () => undefined };
      expect(() => createWorkers({ transport: t, logger, processors: [unknown] })).toThrow(
        /Unknown job no-such-job/,
      );
    } finally {
      await t.close();
    }
  });

  const shared = Object.values(QUEUE_NAMES)
    .map((queue) =>
      (Object.keys(JOB_DEFINITIONS) as JobName[]).filter((n) => JOB_DEFINITIONS[n].queue === queue),
    )
    .find((names) => names.length > 1);
  it.skipIf(!shared)('refuses to start when a job of a covered queue has no processor', async () => {
    const t = transport();
    try {
      const only = { name: shared![0]!, handle: async () => undefined };
      expect(() => createWorkers({ transport: t, logger, processors: [only] })).toThrow(/has no processor/);
    } finally {
      await t.close();
    }
  });

  it('starts no worker for an empty processor list', async () => {
    const t = transport();
    try {
      const workers = createWorkers({ transport: t, logger, processors: [] });
      expect(workers.workers).toHaveLength(0);
      await workers.close();
    } finally {
      await t.close();
    }
  });
});

describe('createProducer', () => {
  it('rejects a payload that does not match the catalogue, and enqueues nothing', async () => {
    const t = createQueueTransport(testTransportOptions(db.url, `${testPrefix()}_bad`));
    const producer = createProducer(t);
    try {
      const bad = { ...payload(), email: 'not-an-email' };
      await expect(producer.enqueue('send-verification-email', bad)).rejects.toBeInstanceOf(
        InvalidJobPayloadError,
      );
      await expect(
        // @ts-expect-error the job map rejects a missing field at compile time too
        producer.enqueue('send-verification-email', { email: 'a@example.com' }),
      ).rejects.toThrow(/Invalid payload for job send-verification-email/);
      expect(await producer.queue(QUEUE_NAMES.mail).count()).toBe(0);
    } finally {
      await producer.close();
      await t.close();
      await cleanupPrefix(`${testPrefix()}_bad`);
    }
  });
});

describe('job options from the job catalogue', () => {
  it('a job is added with the defaults and its own options; a scheduled run with its scheduled ones', () => {
    expect(jobOptionsOf('generate-content')).toEqual({
      ...DEFAULT_JOB_OPTIONS,
      attempts: GENERATION_DEFAULTS.maxRetries + 2,
    });
    expect(jobOptionsOf('send-digest')).toEqual(DEFAULT_JOB_OPTIONS);
    expect(scheduledOptionsOf('digest-tick')).toEqual({
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    expect(scheduledOptionsOf('generation-sweep')).toMatchObject({ attempts: 1, removeOnFail: true });
    // A job with no scheduled options of its own runs on a schedule as it would be added by hand.
    expect(scheduledOptionsOf('send-digest')).toEqual(DEFAULT_JOB_OPTIONS);
  });

  it('every job that a service schedules says how its runs are kept', () => {
    for (const name of [
      'generation-sweep',
      'crawl-due',
      'daily-pipeline',
      'digest-tick',
      'podcast-daily',
      'cluster-backlog',
    ] as const)
      expect(JOB_DEFINITIONS[name].scheduled?.attempts, name).toBeGreaterThanOrEqual(1);
  });
});
