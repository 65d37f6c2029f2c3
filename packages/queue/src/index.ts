export { type HealthChecks, type HealthServer, startHealthServer } from './health-server.ts';
export { DEFAULT_JOB_OPTIONS, jobOptionsOf, scheduledOptionsOf } from './job-options.ts';
export { createMetrics, type JobMetrics } from './metrics.ts';
export {
  createProducer,
  type EnqueueOptions,
  InvalidJobPayloadError,
  isQueueUnavailable,
  type Producer,
  QueueUnavailableError,
} from './producer.ts';
export { type JobSchedulerSpec, type KeptJobSchedulers, keepJobSchedulers } from './schedulers.ts';
export { closeOnSignals, runWorkerServiceMain } from './service-main.ts';
export { capHeapGrowth, collectStartupGarbage, settleAfterStart } from './startup-memory.ts';
export { createQueueTransport, type QueueTransport, type TransportOptions } from './transport.ts';
export {
  createWorkers,
  defineProcessor,
  type JobContext,
  type ProcessorDefinition,
  WorkerSetupError,
} from './worker.ts';
export {
  defineWorkerService,
  type RunningService,
  type WorkerConfigSchema,
  type WorkerService,
  type WorkerServiceContext,
  type WorkerServiceDefinition,
  type WorkerServiceOverrides,
  type WorkerServiceParts,
} from './worker-service.ts';
