import type { Logger } from '@app/logger';
import type { JobSchedulerTemplateOptions, Queue, RepeatOptions } from 'bullmq';

export type JobSchedulerSpec = {
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  template: { name: string; data?: Record<string, unknown>; opts?: JobSchedulerTemplateOptions };
};

export type KeptJobSchedulers = {
  /** Settles when the first registration has run (rejects if it failed). */
  registered: Promise<void>;
  /** Stops checking; waits for a check under way. */
  stop(): Promise<void>;
};

/**
 * Registers job schedulers (an upsert, so a changed cron or interval takes effect), then checks
 * every `refreshMs` that each still exists and registers again any that does not. Schedulers live
 * in the queue's store: a Redis that restarted empty would otherwise run no scheduled job until
 * every service restarted. A scheduler that exists is left alone: upserting it again would
 * replace its next job, and a cron job already waiting for a worker would be moved to the
 * following slot, skipping a run.
 */
export function keepJobSchedulers(
  queue: Queue,
  specs: JobSchedulerSpec[],
  options: { refreshMs: number; logger: Logger },
): KeptJobSchedulers {
  const upsert = (spec: JobSchedulerSpec) => queue.upsertJobScheduler(spec.id, spec.repeat, spec.template);
  const registered = (async () => {
    for (const spec of specs) await upsert(spec);
  })();
  let running: Promise<void> = registered.catch(() => undefined);
  let stopped = false;
  const check = async () => {
    for (const spec of specs) {
      if (stopped) return;
      try {
        if (await queue.getJobScheduler(spec.id)) continue;
        await upsert(spec);
        options.logger.warn(
          { scheduler: spec.id },
          'job scheduler was missing (queue store emptied?); registered again',
        );
      } catch (error) {
        options.logger.warn({ err: error, scheduler: spec.id }, 'could not check the job scheduler');
      }
    }
  };
  const timer = setInterval(() => {
    running = running.then(check);
  }, options.refreshMs);
  timer.unref();
  return {
    registered,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
