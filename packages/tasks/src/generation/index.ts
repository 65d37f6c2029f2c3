export { dispatchGeneration, ENQUEUE_TIMEOUT_MS, sweepUndispatched } from './outbox.ts';
export {
  AHEAD_SQL,
  QUOTA_RUNS_SQL,
  quotaRunsSince,
  removeResultFromTasks,
  STATUS_TEXT,
  type StatusRow,
} from './queue.sql.ts';
export {
  type AttemptOutcome,
  createGenerationRun,
  type GenerationRun,
  PermanentError,
  TaskGone,
} from './run.ts';
export { createStatusLoader } from './status-loader.ts';
export {
  createGenerationTasks,
  type GenerationTasks,
  QueueBusyError,
  type RunQuota,
  USER_LOCK_WAIT_MS,
} from './tasks.ts';
