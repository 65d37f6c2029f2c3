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

/** The queue's transport cannot be reached now: the job was not added (and will not be added later). */
export class QueueUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The job queue cannot be reached', { cause });
    this.name = 'QueueUnavailableError';
  }
}

/**
 * Whether an error says the queue's Redis connection is down: ours, or ioredis's own when a command is
 * refused (no offline queue), cut off after its retries, or sent on a closed connection.
 */
export function isQueueUnavailable(error: unknown): boolean {
  if (error instanceof QueueUnavailableError) return true;
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError') return true;
  return (
    typeof message === 'string' &&
    (message.includes("Stream isn't writeable and enableOfflineQueue options is false") ||
      message === 'Connection is closed.')
  );
}

/** Queue methods that answer at once, without Redis: the rest wait for a connection that is up. */
const LOCAL_METHODS = new Set<PropertyKey>([
  'on',
  'once',
  'off',
  'emit',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'listenerCount',
  'listeners',
  'setMaxListeners',
  'getMaxListeners',
  'toKey',
  'close',
  'disconnect',
]);

/**
 * The queue as callers see it: while the transport cannot add now (a fail-fast transport whose
 * connection is down, or not up yet: BullMQ would wait for it), its Redis calls fail with
 * QueueUnavailableError instead of waiting. BullMQ's own calls inside a method are not affected.
 */
function failingFast(queue: Queue, transport: QueueTransport): Queue {
  return new Proxy(queue, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || LOCAL_METHODS.has(key)) return value;
      return (...args: unknown[]) =>
        transport.canAddNow()
          ? (value as (...a: unknown[]) => unknown).apply(target, args)
          : Promise.reject(new QueueUnavailableError());
    },
  });
}

export function createProducer(transport: QueueTransport): Producer {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      const created = transport.createQueue(name, { defaultJobOptions: DEFAULT_JOB_OPTIONS });
      // A lost connection is told by the calls that fail (and by readiness), not printed on stderr by
      // BullMQ once per reconnection attempt for want of a listener.
      created.on('error', () => {});
      q = transport.failsFast ? failingFast(created, transport) : created;
      queues.set(name, q);
    }
    return q;
  };
  return {
    async enqueue(name, payload, options) {
      const definition = JOB_DEFINITIONS[name];
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error.message);
      try {
        const job = await queue(definition.queue).add(name, parsed.data, {
          ...jobOptionsOf(name),
          ...options,
        });
        return String(job.id);
      } catch (error) {
        throw isQueueUnavailable(error) ? new QueueUnavailableError(error) : error;
      }
    },
    queue,
    async close() {
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
    },
  };
}
