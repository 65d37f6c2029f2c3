import { JOB_DEFINITIONS, type JobName, type JobOptionsData } from '@app/contracts';
import type { JobsOptions } from 'bullmq';

/** Defaults for every job: retried with backoff, finished jobs trimmed, failed ones kept for the admin queue view. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 14 * 24 * 3600 },
};

const definitionOf = (name: JobName) =>
  JOB_DEFINITIONS[name] as { options?: JobOptionsData; scheduled?: JobOptionsData };

/** The options a job of this name is added with: the defaults, then the job catalogue's own. */
export function jobOptionsOf(name: JobName): JobsOptions {
  return { ...DEFAULT_JOB_OPTIONS, ...definitionOf(name).options };
}

/** The options of the runs a job scheduler adds for this job (the catalogue's `scheduled`, else as added by hand). */
export function scheduledOptionsOf(name: JobName): JobsOptions {
  const scheduled = definitionOf(name).scheduled;
  return scheduled ? { ...scheduled } : jobOptionsOf(name);
}
