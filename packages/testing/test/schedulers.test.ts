import { createLogger } from '@app/logger';
import {
  createQueueTransport,
  type JobSchedulerSpec,
  keepJobSchedulers,
  type QueueTransport,
} from '@app/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/database.ts';
import { cleanupPrefix, testPrefix, testTransportOptions } from '../src/redis.ts';
import { waitFor } from '../src/wait-for.ts';

const logger = createLogger('schedulers-test', { level: 'silent' });
let db: TestDatabase;
let transport: QueueTransport;

beforeAll(async () => {
  db = await createTestDatabase();
  transport = createQueueTransport(testTransportOptions(db.url));
});
afterAll(async () => {
  await transport.close();
  await cleanupPrefix(testPrefix());
  await db.drop();
});

const specs: JobSchedulerSpec[] = [
  {
    id: 'daily-at-six',
    repeat: { pattern: '0 6 * * *', tz: 'America/Los_Angeles' },
    template: { name: 'daily', data: {}, opts: { attempts: 1 } },
  },
  { id: 'every-hour', repeat: { every: 3_600_000 }, template: { name: 'tick', data: {} } },
];

async function delayedOf(queue: ReturnType<QueueTransport['createQueue']>, schedulerId: string) {
  const jobs = await queue.getJobs(['delayed', 'wait']);
  return jobs.filter((job) => job.repeatJobKey === schedulerId).map((job) => job.id);
}

describe('keepJobSchedulers', () => {
  it('registers again the schedulers a store that came back empty has lost, and only those', async () => {
    const queue = transport.createQueue('scheduled');
    const kept = keepJobSchedulers(queue, specs, { refreshMs: 100, logger });
    try {
      await kept.registered;
      const before = await Promise.all(specs.map((s) => queue.getJobScheduler(s.id)));
      expect(before.map((s) => s?.next)).toEqual([expect.any(Number), expect.any(Number)]);
      const jobsBefore = await Promise.all(specs.map((s) => delayedOf(queue, s.id)));
      expect(jobsBefore.map((ids) => ids.length)).toEqual([1, 1]);

      // Several checks later, existing schedulers are untouched: same next run, same one job.
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await Promise.all(specs.map((s) => queue.getJobScheduler(s.id)))).map((s) => s?.next)).toEqual(
        before.map((s) => s?.next),
      );
      expect(await Promise.all(specs.map((s) => delayedOf(queue, s.id)))).toEqual(jobsBefore);

      // The queue store loses everything (Redis restarted without persistence).
      await cleanupPrefix(testPrefix());
      expect(await queue.getJobScheduler(specs[0]!.id)).toBeUndefined();

      const after = await waitFor(
        async () => {
          const found = await Promise.all(specs.map((s) => queue.getJobScheduler(s.id)));
          return found.every(Boolean) ? found : undefined;
        },
        { timeoutMs: 5000, message: 'schedulers registered again' },
      );
      expect(after.map((s) => s?.pattern ?? s?.every)).toEqual(['0 6 * * *', 3_600_000]);
      expect((await Promise.all(specs.map((s) => delayedOf(queue, s.id)))).map((ids) => ids.length)).toEqual([
        1, 1,
      ]);
    } finally {
      await kept.stop();
      await queue.close();
    }
  });

  it('stops checking once stopped', async () => {
    const queue = transport.createQueue('stopped');
    const kept = keepJobSchedulers(queue, specs.slice(0, 1), { refreshMs: 50, logger });
    await kept.registered;
    await kept.stop();
    await queue.removeJobScheduler(specs[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await queue.getJobScheduler(specs[0]!.id)).toBeUndefined();
    await queue.close();
  });
});
