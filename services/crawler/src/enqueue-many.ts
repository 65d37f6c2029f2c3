import { JOB_DEFINITIONS, type JobName, type JobPayload, type QueueName } from '@app/contracts';
import { type EnqueueOptions, InvalidJobPayloadError, jobOptionsOf, type Producer } from '@app/queue';
import { batchItems } from './batch-calls.ts';

type BulkJob = { name: string; data: unknown; opts: EnqueueOptions };

/**
 * Adds many jobs of one name with one addBulk (one Redis round trip instead of one per job),
 * each payload validated against the job catalogue first, with the default job options. Calls made
 * in the same turn of the event loop (concurrent crawls) share one addBulk per queue; a payload
 * that fails validation fails its own call only.
 */
export function createEnqueueMany(producer: Producer) {
  const perQueue = new Map<QueueName, (jobs: BulkJob[]) => Promise<undefined[]>>();
  const addBulk = (queue: QueueName, jobs: BulkJob[]) => {
    let add = perQueue.get(queue);
    if (!add) {
      add = batchItems<BulkJob, undefined>(async (all) => {
        await producer.queue(queue).addBulk(all);
        return all.map(() => undefined);
      });
      perQueue.set(queue, add);
    }
    return add(jobs);
  };
  return async <N extends JobName>(name: N, jobs: { payload: JobPayload<N>; options?: EnqueueOptions }[]) => {
    if (jobs.length === 0) return;
    const definition = JOB_DEFINITIONS[name];
    const bulk = jobs.map(({ payload, options }) => {
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error.message);
      return { name, data: parsed.data, opts: { ...jobOptionsOf(name), ...options } };
    });
    await addBulk(definition.queue, bulk);
  };
}
