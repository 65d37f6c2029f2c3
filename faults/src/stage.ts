import { setTimeout as sleep } from 'node:timers/promises';
import type { QueueName } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import type { Producer } from '@app/queue';
import {
  type FakeOpenAI,
  type Product,
  SERVICE_NAMES,
  type ServiceName,
  type SmtpCapture,
  type WorkerName,
} from '@app/testing';
import type { Cluster } from './cluster.ts';
import type { SlowFeeds } from './fakes.ts';

/** What a stage's own steps use: the running product and the fakes behind it. */
export type StageContext = {
  product: Product;
  /** The test's own client on the run's database (reconnects like the services' do). */
  prisma: PrismaClient;
  /** Adds jobs the way the schedulers and the crawler do. */
  producer: Producer;
  feeds: SlowFeeds;
  /** What the mailer's SMTP server(s) received. */
  smtp: Pick<SmtpCapture, 'messages' | 'dropped'>;
  storageDir: string;
  /** Signs in through the API as the admin or as a Pro user. */
  login(role: 'admin' | 'pro'): Promise<{ token: string; userId: string }>;
};

/** Everything a fault run has: the stage context, its own PostgreSQL and Redis, and the OpenAI fake. */
export type FaultContext = StageContext & { cluster: Cluster; llm: FakeOpenAI; smtp: SmtpCapture };

/** What a stage found once its work was done. */
export type Verdict = {
  /** User-visible results by kind, e.g. { posts: 200, summaries: 200 }, and what was expected. */
  outputs: Record<string, { expected: number; actual: number }>;
  /** Work items that were in hand when the worker was killed and reached their result afterwards. */
  recovered: number;
  /** Results produced more than once (rows, files, emails). */
  duplicates: number;
  /** Of those, emails repeating the Message-ID of a copy already delivered (providers drop them). */
  duplicatesSameId?: number;
  /** Work items without their user-visible result. */
  lost: number;
  /** The duplicates and losses split by the service that makes each result, when a stage spans two. */
  byService?: Partial<Record<WorkerName, { duplicates: number; lost: number }>>;
  notes: string[];
};

export type Stage = {
  name: string;
  /** The service killed with -9 while it works on this stage's batch. */
  worker: ServiceName;
  queue: QueueName;
  /** Work items in the batch, and what one is called. */
  jobs: number;
  unit: string;
  /** Rows the batch works on (as the product's earlier steps would have written them). */
  prepare(ctx: StageContext): Promise<void>;
  /** Starts the batch the way the product does (API call, scheduler job, crawler job). */
  trigger(ctx: StageContext): Promise<void>;
  /** Work items finished so far. */
  done(ctx: StageContext): Promise<number>;
  /** Keys of the work items being worked on right now. */
  inFlight(ctx: StageContext): Promise<string[]>;
  /** True once everything the batch causes has happened (default: done() reached jobs). */
  complete?(ctx: StageContext): Promise<boolean>;
  /** Quiet time after completion, for late duplicates (a second delivery, a re-run job) to show. */
  settleMs?: number;
  verify(ctx: StageContext, inFlightAtKill: string[]): Promise<Verdict>;
};

export type FaultEvent = {
  fault: string;
  /** Work items done when the fault hit, of `jobs`; in flight = being worked on at that moment. */
  doneBefore: number;
  inFlight: number;
  /** How long the service or server was away, and how long until every service was ready again. */
  downMs: number;
  readyAfterMs: number;
  /** Every service still runs as the process it was before the fault (nobody restarted it). */
  sameProcesses: boolean;
};

export type StageFigures = Verdict & {
  stage: string;
  unit: string;
  jobs: number;
  finished: number;
  kills: number;
  restarts: { worker: number; redis: number; postgres: number };
  faults: FaultEvent[];
  /** Jobs of the stage's queue left failed (attempts used up) at the end, and why. */
  failedJobs: number;
  failedReasons: string[];
  seconds: number;
};

const FAULT_POINTS = { kill: 0.15, redis: 0.35, postgres: 0.55 };

/**
 * Runs one stage's batch through the product and, while it runs, kills its worker with -9 (and
 * starts it again), restarts Redis and restarts PostgreSQL, each at a point where part of the batch
 * is done and part is in hand. The services are never restarted for the Redis and PostgreSQL
 * restarts: they must find their way back on their own, which /readyz on every service shows.
 */
export async function runStage(ctx: FaultContext, stage: Stage): Promise<StageFigures> {
  const started = Date.now();
  await stage.prepare(ctx);
  await stage.trigger(ctx);
  const faults: FaultEvent[] = [];

  const atKill = await progressPoint(ctx, stage, FAULT_POINTS.kill, true);
  const killStarted = Date.now();
  await ctx.product.kill(stage.worker);
  await ctx.product.start(stage.worker);
  faults.push({
    fault: `kill -9 ${stage.worker}`,
    doneBefore: atKill.done,
    inFlight: atKill.inFlight.length,
    downMs: Date.now() - killStarted,
    readyAfterMs: await ctx.product.waitAllReady(60_000),
    sameProcesses: false,
  });

  for (const server of ['redis', 'postgres'] as const) {
    const at = await progressPoint(ctx, stage, FAULT_POINTS[server], false);
    const pids = SERVICE_NAMES.map((name) => ctx.product.pid(name)).join();
    const { downMs } =
      server === 'redis' ? await ctx.cluster.restartRedis() : await ctx.cluster.restartPostgres();
    faults.push({
      fault: `restart ${server === 'redis' ? 'Redis' : 'PostgreSQL'}`,
      doneBefore: at.done,
      inFlight: at.inFlight.length,
      downMs,
      readyAfterMs: await ctx.product.waitAllReady(60_000),
      sameProcesses: SERVICE_NAMES.map((name) => ctx.product.pid(name)).join() === pids,
    });
  }

  const complete = stage.complete ?? (async () => (await stage.done(ctx)) >= stage.jobs);
  await until(() => complete(ctx), 180_000, `${stage.name}: every job finished`);
  await sleep(stage.settleMs ?? 2000);
  const verdict = await stage.verify(ctx, atKill.inFlight);
  const failed = await ctx.producer.queue(stage.queue).getFailed(0, 99);
  return {
    stage: stage.name,
    unit: stage.unit,
    jobs: stage.jobs,
    finished: await stage.done(ctx),
    kills: 1,
    restarts: { worker: 1, redis: 1, postgres: 1 },
    faults,
    failedJobs: failed.length,
    failedReasons: failed.map((job) => `${job.name}: ${job.failedReason}`),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    ...verdict,
  };
}

/** Waits until at least `fraction` of the batch is done (and, for the kill, some of it is in hand). */
async function progressPoint(ctx: StageContext, stage: Stage, fraction: number, needInFlight: boolean) {
  let found: { done: number; inFlight: string[] } | undefined;
  await until(
    async () => {
      const done = await stage.done(ctx);
      if (done < Math.ceil(stage.jobs * fraction)) return false;
      const inFlight = await stage.inFlight(ctx);
      if (needInFlight && inFlight.length === 0) return false;
      found = { done, inFlight };
      return true;
    },
    120_000,
    `${stage.name}: ${Math.round(fraction * 100)}% done${needInFlight ? ' with work in hand' : ''}`,
    25,
  );
  return found!;
}

/** Polls `check` (errors count as "not yet": the database may be restarting) until true. */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (${lastError})` : ''}`,
      );
    }
    await sleep(intervalMs);
  }
}
