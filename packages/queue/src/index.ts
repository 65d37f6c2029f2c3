export { DEFAULT_JOB_OPTIONS } from './job-options.ts';
export { createMetrics, type JobMetrics } from './metrics.ts';
export { createProducer, type EnqueueOptions, InvalidJobPayloadError, type Producer } from './producer.ts';
export {
  closeOnSignals,
  type RunningService,
  startWorkerService,
  type WorkerServiceOptions,
} from './service.ts';
export { type JobSchedulerSpec, type KeptJobSchedulers, keepJobSchedulers } from './schedulers.ts';
export { createQueueTransport, type QueueTransport, type TransportOptions } from './transport.ts';
export {
  createWorkers,
  defineProcessor,
  type JobContext,
  type ProcessorDefinition,
  WorkerSetupError,
} from './worker.ts';
