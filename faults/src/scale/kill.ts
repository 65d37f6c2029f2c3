import type { JobName, QueueName } from '@app/contracts';
import type { Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkerName } from '@app/testing';
import { jobsCompleted, scrape } from './metrics.ts';
import type { ScaleContext } from './setup.ts';

/** When and how one copy of a worker service is killed during a stage, and what it held. */
export type KillPlan = {
  service: WorkerName;
  queue: QueueName;
  /** The job that is this service's share of the stage (counted by jobs_completed_total{job}). */
  job: JobName;
  /** The kill comes once this fraction of the service's part is done. */
  at: number;
  /** The service's part: work items done so far, of how many. */
  progress(ctx: ScaleContext): Promise<{ done: number; total: number }>;
  /** Keys of the work items a copy holds, given its active jobs (those that name it as processedBy). */
  inHand(ctx: ScaleContext, jobs: Job[]): Promise<string[]>;
  /** How many of those keys reached their user-visible result. */
  finished(ctx: ScaleContext, keys: string[]): Promise<number>;
  /** A copy's share when jobs_completed_total is not the measure (the mailer's emails); default: that counter. */
  workOf?(ctx: ScaleContext, copy: number): number;
};

export type Kill = {
  service: WorkerName;
  copy: number;
  /** The service's part done when the copy was killed, of `total`. */
  doneAt: number;
  total: number;
  /** The copy's jobs_completed_total just before the kill (its counters die with it). */
  countsBefore: Record<string, number>;
  workBefore: number;
  /** The work items it held at that moment. */
  inHand: string[];
};

/**
 * Waits until `plan.at` of the service's part is done and a copy both has done some of it and holds
 * work (an active job that names it as processedBy, or its own count growing), then reads that copy's counters and kills it
 * with -9. The copy is not started again: the other copy must finish what it held.
 */
export async function killOneCopy(ctx: ScaleContext, plan: KillPlan, timeoutMs = 120_000): Promise<Kill> {
  const { product } = ctx;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  const lastWork: number[] = [];
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`${plan.service}: no copy to kill with work in hand (${last})`);
    const { done, total } = await plan.progress(ctx);
    if (done >= total)
      throw new Error(`${plan.service}: the work was done before a copy could be killed (${last})`);
    last = `${done}/${total} done`;
    if (done < Math.ceil(total * plan.at)) {
      await sleep(25);
      continue;
    }
    const active = await ctx.producer.queue(plan.queue).getActive();
    const candidates: { copy: number; jobs: Job[] }[] = [];
    for (let copy = 0; copy < product.copies; copy++) {
      const pid = product.pid(plan.service, copy);
      const jobs = active.filter((j) => j.name === plan.job && j.processedBy?.endsWith(`:${pid}`));
      // A copy whose own count grew since the last look is at work now, whatever the queue's active
      // list showed at the moment it was read (a tick can be taken and finished between two reads).
      const work = plan.workOf?.(ctx, copy);
      const working = work !== undefined && lastWork[copy] !== undefined && work > lastWork[copy]!;
      if (work !== undefined) lastWork[copy] = work;
      if (jobs.length > 0 || working) candidates.push({ copy, jobs });
    }
    candidates.sort((a, b) => b.jobs.length - a.jobs.length);
    for (const { copy, jobs } of candidates) {
      const inHand = await plan.inHand(ctx, jobs);
      if (inHand.length === 0) continue;
      // Read last, right before the kill: a job it finishes in between would count for nobody.
      const countsBefore = jobsCompleted(await scrape(product.url(plan.service, copy), ctx.metricsToken));
      const workBefore = plan.workOf?.(ctx, copy) ?? countsBefore[plan.job] ?? 0;
      if (workBefore === 0) continue;
      await product.kill(plan.service, copy);
      return { service: plan.service, copy, doneAt: done, total, countsBefore, workBefore, inHand };
    }
    last = `${done}/${total} done, ${candidates.length} copies with work in hand and none of it finished yet`;
    await sleep(25);
  }
}
