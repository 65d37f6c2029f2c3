import { JOB_DEFINITIONS, type JobName, type JobPayload, type QueueName } from '@app/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, jobOptionsOf } from './job-options.ts';
import type { QueueTransport } from './transport.ts';

export type EnqueueOptions = Pick<
  JobsOptions,
  'jobId' | 'delay' | 'priority' | 'attempts' | 'removeOnComplete'
>;

export type Producer = {
  /** Validates the payload against the job catalogue, then adds it to the job's queue. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<string>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
};

export class InvalidJobPayloadError extends Error {
  constructor(name: string, detail: string) {
    super(`Invalid payload for job ${name}: ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

export function createProducer(transport: QueueTransport): Producer {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      q = transport.createQueue(name, { defaultJobOptions: DEFAULT_JOB_OPTIONS });
      queues.set(name, q);
    }
    return q;
  };
  return {
    async enqueue(name, payload, options) {
      const definition = JOB_DEFINITIONS[name];
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error.message);
      const job = await queue(definition.queue).add(name, parsed.data, { ...jobOptionsOf(name), ...options });
      return String(job.id);
    },
    queue,
    async close() {
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
    },
  };
}
