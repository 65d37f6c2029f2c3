import type { JobsOptions } from 'bullmq';

/** Defaults for every job: retried with backoff, finished jobs trimmed, failed ones kept for the admin queue view. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};
