import { setTimeout as sleep } from 'node:timers/promises';
import { type Stage, until, type Verdict } from '../stage.ts';
import { type Kill, type KillPlan, killOneCopy } from './kill.ts';
import { jobsCompleted, requestsServed, scrape } from './metrics.ts';
import type { ScaleContext } from './setup.ts';

/** One service's row of the table: what each copy did, and what the stage found lost or doubled. */
export type ServiceFigures = {
  service: string;
  /** What the per-copy figures count. */
  measure: string;
  perCopy: number[];
  /** The copy killed with -9 (not started again), what it held then, and how much of that was finished. */
  killed?: { copy: number; doneAt: number; total: number; inHand: number; finished: number };
  /** Results made twice; none for the gateway, whose work (tasks it created) the workers complete. */
  duplicates?: number;
  /** Of the duplicates, emails that repeat the first copy's Message-ID (a mailbox provider drops them). */
  sameMessageId?: number;
  lost: number;
};

export type ScaleStageFigures = Omit<Verdict, 'byService'> & {
  stage: string;
  unit: string;
  jobs: number;
  finished: number;
  services: ServiceFigures[];
  /** Jobs left failed (attempts used up) on the stage's queues, and why. */
  failedReasons: string[];
  seconds: number;
};

/**
 * Runs a stage's batch through both copies of everything and, while it runs, kills one copy of each
 * service in `plans` with -9 at the plan's point. Then reads what each copy did from its /metrics
 * (the killed copy's as it stood just before the kill) and what the stage's checks found.
 * `gatewayRoute`: also count the requests each gateway answered on routes starting with it.
 */
export async function runScaleStage(
  ctx: ScaleContext,
  stage: Stage,
  plans: KillPlan[],
  options: { gatewayRoute?: string } = {},
): Promise<ScaleStageFigures> {
  const started = Date.now();
  await stage.prepare(ctx);
  await stage.trigger(ctx);
  const kills = await Promise.all(plans.map((plan) => killOneCopy(ctx, plan)));

  const complete = stage.complete ?? (async () => (await stage.done(ctx)) >= stage.jobs);
  await until(() => complete(ctx), 180_000, `${stage.name}: every job finished`);
  await sleep(stage.settleMs ?? 2000);
  const main = kills.find((kill) => kill.service === stage.worker);
  const { byService, ...verdict } = await stage.verify(ctx, main?.inHand ?? []);

  const services: ServiceFigures[] = [];
  if (options.gatewayRoute) {
    const served = await Promise.all(
      ctx.product.baseUrls.map(async (url) =>
        requestsServed(await scrape(url, ctx.metricsToken), options.gatewayRoute!),
      ),
    );
    const finished = await stage.done(ctx);
    services.push({
      service: 'gateway',
      measure: `requests to ${options.gatewayRoute} (create and poll)`,
      perCopy: served,
      lost: stage.jobs - finished,
    });
  }
  for (const [i, plan] of plans.entries()) {
    const kill = kills[i]!;
    services.push({
      service: plan.service,
      measure: plan.workOf ? 'emails accepted by its SMTP server' : `${plan.job} jobs`,
      perCopy: await perCopy(ctx, plan, kill),
      killed: {
        copy: kill.copy,
        doneAt: kill.doneAt,
        total: kill.total,
        inHand: kill.inHand.length,
        finished: await plan.finished(ctx, kill.inHand),
      },
      ...(byService?.[plan.service] ??
        (plan.service === stage.worker
          ? { duplicates: verdict.duplicates, sameMessageId: verdict.duplicatesSameId, lost: verdict.lost }
          : { duplicates: 0, lost: 0 })),
    });
  }
  const queues = [...new Set(plans.map((plan) => plan.queue))];
  const failed = (await Promise.all(queues.map((q) => ctx.producer.queue(q).getFailed(0, 99)))).flat();
  return {
    stage: stage.name,
    unit: stage.unit,
    jobs: stage.jobs,
    finished: await stage.done(ctx),
    services,
    failedReasons: failed.map((job) => `${job.name}: ${job.failedReason}`),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    ...verdict,
  };
}

/** Each copy's share: a killed one's job counter as it stood at the kill, the others' now. */
async function perCopy(ctx: ScaleContext, plan: KillPlan, kill: Kill): Promise<number[]> {
  const counts: number[] = [];
  for (let copy = 0; copy < ctx.product.copies; copy++) {
    // Emails stay counted in the copy's SMTP server after it dies; a job counter dies with its process.
    if (plan.workOf) counts.push(plan.workOf(ctx, copy));
    else if (copy === kill.copy) counts.push(kill.workBefore);
    else
      counts.push(
        jobsCompleted(await scrape(ctx.product.url(plan.service, copy), ctx.metricsToken))[plan.job] ?? 0,
      );
  }
  return counts;
}
