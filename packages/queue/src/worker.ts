import { JOB_DEFINITIONS, type JobName, type ParsedJobPayload, type QueueName } from '@app/contracts';
import type { Logger } from '@app/logger';
import { type Job, UnrecoverableError, type Worker } from 'bullmq';
import type { JobMetrics } from './metrics.ts';
import type { QueueTransport } from './transport.ts';

export type JobContext = {
  job: Job;
  log: Logger;
  /** Reports progress (0–100) to the queue; user-visible progress also goes to PostgreSQL. */
  progress(value: number): Promise<void>;
};

export type ProcessorDefinition<N extends JobName = JobName> = {
  name: N;
  handle(payload: ParsedJobPayload<N>, context: JobContext): Promise<unknown>;
};

/** Typed identity: lets a processor file declare its job name and get its payload type. */
export function defineProcessor<N extends JobName>(
  definition: ProcessorDefinition<N>,
): ProcessorDefinition<N> {
  return definition;
}

export class WorkerSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerSetupError';
  }
}

export type CreateWorkersOptions = {
  transport: QueueTransport;
  // biome-ignore lint/suspicious/noExplicitAny: the catalogue check below ties each processor to its payload type
  processors: ProcessorDefinition<any>[];
  logger: Logger;
  concurrency?: number;
  /** Lock duration and stalled-check interval: how soon a dead worker's jobs run again. */
  lockMs?: number;
  metrics?: JobMetrics;
  /**
   * This process's name in the queue: every job it takes records it (BullMQ's `processedBy`), so
   * with several replicas one can tell which holds a job (and which died holding it).
   */
  name?: string;
};

/**
 * One BullMQ worker per queue the processors cover. Refuses to start when a job
 * name of such a queue has no processor or two, so a deploy cannot silently drop jobs.
 */
export function createWorkers(options: CreateWorkersOptions): { workers: Worker[]; close(): Promise<void> } {
  const { transport, processors, logger, concurrency = 2, lockMs, metrics, name: workerName } = options;
  const byName = groupProcessors(processors);
  const queues = new Set<QueueName>([...byName.keys()].map((name) => JOB_DEFINITIONS[name].queue));
  for (const queue of queues) {
    for (const name of Object.keys(JOB_DEFINITIONS) as JobName[]) {
      if (JOB_DEFINITIONS[name].queue === queue && !byName.has(name)) {
        throw new WorkerSetupError(`Job ${name} on queue ${queue} has no processor`);
      }
    }
  }
  const workers = [...queues].map((queue) => {
    const worker = transport.createWorker(queue, (job) => runJob(job, byName, logger, metrics), {
      concurrency,
      ...(lockMs ? { lockDuration: lockMs, stalledInterval: lockMs } : {}),
      ...(workerName ? { name: workerName } : {}),
    });
    worker.on('failed', (job, error) => {
      logger.warn(
        { queue, jobId: job?.id, job: job?.name, attempts: job?.attemptsMade, err: error },
        'job failed',
      );
    });
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    return worker;
  });
  return {
    workers,
    // close() waits for the jobs in hand to finish before resolving.
    close: async () => {
      await Promise.allSettled(workers.map((w) => w.close()));
    },
  };
}

function groupProcessors(processors: ProcessorDefinition[]): Map<JobName, ProcessorDefinition> {
  const byName = new Map<JobName, ProcessorDefinition>();
  for (const processor of processors) {
    if (!(processor.name in JOB_DEFINITIONS)) throw new WorkerSetupError(`Unknown job ${processor.name}`);
    if (byName.has(processor.name)) throw new WorkerSetupError(`Job ${processor.name} has two processors`);
    byName.set(processor.name, processor);
  }
  return byName;
}

async function runJob(
  job: Job,
  byName: Map<JobName, ProcessorDefinition>,
  logger: Logger,
  metrics: JobMetrics | undefined,
): Promise<unknown> {
  const processor = byName.get(job.name as JobName);
  if (!processor) {
    logger.error({ jobId: job.id, job: job.name }, 'no processor for job');
    throw new UnrecoverableError(`No processor for job ${job.name}`);
  }
  const parsed = JOB_DEFINITIONS[processor.name].schema.safeParse(job.data);
  if (!parsed.success) {
    // A malformed payload will never succeed: fail it once, keep it for inspection.
    logger.error({ jobId: job.id, job: job.name, issues: parsed.error.issues }, 'invalid job payload');
    metrics?.failed.inc({ job: job.name, reason: 'invalid_payload' });
    throw new UnrecoverableError(
      `Invalid payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  const requestId = (parsed.data as { requestId?: string }).requestId;
  const log = logger.child({ jobId: job.id, job: job.name, requestId, attempt: job.attemptsMade + 1 });
  const stop = metrics?.duration.startTimer({ job: job.name });
  try {
    const result = await processor.handle(parsed.data, {
      job,
      log,
      progress: (value) => job.updateProgress(Math.max(0, Math.min(100, Math.round(value)))),
    });
    metrics?.completed.inc({ job: job.name });
    return result;
  } catch (error) {
    metrics?.failed.inc({
      job: job.name,
      reason: error instanceof UnrecoverableError ? 'unrecoverable' : 'error',
    });
    throw error;
  } finally {
    stop?.();
  }
}
