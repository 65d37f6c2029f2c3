import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export type JobMetrics = {
  completed: Counter<'job'>;
  failed: Counter<'job' | 'reason'>;
  duration: Histogram<'job'>;
};

/** A registry per service with process metrics and job counters. */
export function createMetrics(service: string): { registry: Registry; jobs: JobMetrics } {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const jobs: JobMetrics = {
    completed: new Counter({
      name: 'jobs_completed_total',
      help: 'Jobs completed',
      labelNames: ['job'],
      registers: [registry],
    }),
    failed: new Counter({
      name: 'jobs_failed_total',
      help: 'Job attempts failed',
      labelNames: ['job', 'reason'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'job_duration_seconds',
      help: 'Job processing time',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
  };
  return { registry, jobs };
}
