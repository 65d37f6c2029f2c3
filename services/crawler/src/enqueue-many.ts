import { JOB_DEFINITIONS, type JobName, type JobPayload } from '@app/contracts';
import { DEFAULT_JOB_OPTIONS, type EnqueueOptions, InvalidJobPayloadError, type Producer } from '@app/queue';

/**
 * Adds many jobs of one name with one addBulk (one Redis round trip instead of one per job),
 * each payload validated against the job catalogue first, with the default job options.
 */
export function createEnqueueMany(producer: Producer) {
  return async <N extends JobName>(name: N, jobs: { payload: JobPayload<N>; options?: EnqueueOptions }[]) => {
    if (jobs.length === 0) return;
    const definition = JOB_DEFINITIONS[name];
    const bulk = jobs.map(({ payload, options }) => {
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error.message);
      return { name, data: parsed.data, opts: { ...DEFAULT_JOB_OPTIONS, ...options } };
    });
    await producer.queue(definition.queue).addBulk(bulk);
  };
}
