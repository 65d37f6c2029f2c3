import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@app/testing';
import { benchDatabase } from '../lib/database.ts';
import { rssBytes } from '../lib/memory.ts';
import { serviceEnv } from '../../infra/build/node-options.ts';
import { BENCH_METRICS_TOKEN, benchJwtSecret, ensureServicesBuilt } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

type Service = { name: string; dir: string; dist: string; source: string; portKey: 'PORT' | 'HEALTH_PORT' };

const SERVICES: Service[] = [
  {
    name: 'gateway',
    dir: 'services/gateway',
    dist: 'dist/server.js',
    source: 'src/server.ts',
    portKey: 'PORT',
  },
  ...['crawler', 'summarizer', 'content-generation', 'podcast', 'mailer'].map(
    (name): Service => ({
      name,
      dir: `services/${name}`,
      dist: 'dist/main.js',
      source: 'src/main.ts',
      portKey: 'HEALTH_PORT',
    }),
  ),
];

/** Goals of the compiled services (one gateway worker process; each worker service). */
const IDLE_GOAL_MIB = { gateway: 120, worker: 110 };
const READY_GOAL_MS = 2000;
const IDLE_SETTLE_MS = 10_000;
const mib = (bytes: number) => bytes / 2 ** 20;

/**
 * Start-up and idle memory of every service as production runs it (`node dist/…`, the compiled
 * bundle), beside the same service run from its TypeScript through tsx (as `pnpm dev` does): time
 * from spawn to the first `/readyz` 200 with PostgreSQL and Redis up, and the resident set size
 * once it has sat idle for ten seconds (the service settles its memory once started). The gateway runs one worker process (GATEWAY_WORKERS=1):
 * the goal is per worker process.
 */
export const servicesScenario: Scenario = {
  name: 'services',
  description: 'each service: time to /readyz and idle RSS, compiled (node dist/…) beside tsx',
  async run(context) {
    await ensureServicesBuilt(context.repoRoot);
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_services');
    const rounds = context.full ? 3 : 2;
    const figures: Figure[] = [];
    try {
      for (const service of SERVICES) {
        const compiled = await measure(context.repoRoot, service, 'dist', db.url, context.redisUrl, rounds);
        const tsx = await measure(context.repoRoot, service, 'source', db.url, context.redisUrl, 1);
        context.log(
          `${service.name}: ready ${compiled.readyMs.toFixed(0)} ms, idle ${mib(compiled.rss).toFixed(1)} MiB ` +
            `(tsx: ${tsx.readyMs.toFixed(0)} ms, ${mib(tsx.rss).toFixed(1)} MiB)`,
        );
        const idleGoal = service.name === 'gateway' ? IDLE_GOAL_MIB.gateway : IDLE_GOAL_MIB.worker;
        figures.push(
          {
            scenario: 'services',
            figure: `${service.name} idle RSS (compiled${service.name === 'gateway' ? ', per worker process' : ''})`,
            value: mib(compiled.rss),
            unit: 'MiB',
            baseline: { label: 'tsx', value: mib(tsx.rss) },
            ratio: tsx.rss / compiled.rss,
            goal: `≤ ${idleGoal} MiB`,
            pass: mib(compiled.rss) <= idleGoal,
          },
          {
            scenario: 'services',
            figure: `${service.name} start to /readyz (compiled)`,
            value: compiled.readyMs,
            unit: 'ms',
            baseline: { label: 'tsx', value: tsx.readyMs },
            ratio: tsx.readyMs / compiled.readyMs,
            goal: `≤ ${READY_GOAL_MS} ms`,
            pass: compiled.readyMs <= READY_GOAL_MS,
          },
        );
      }
      return figures;
    } finally {
      await db.drop();
    }
  },
};

/**
 * Starts the service `rounds` times (one at a time, so they never compete for the CPU), and keeps
 * the median start-up time and the median idle RSS.
 */
async function measure(
  repoRoot: string,
  service: Service,
  build: 'dist' | 'source',
  databaseUrl: string,
  redisUrl: string,
  rounds: number,
): Promise<{ readyMs: number; rss: number }> {
  const ready: number[] = [];
  const rss: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const result = await startOnce(repoRoot, service, build, databaseUrl, redisUrl);
    ready.push(result.readyMs);
    rss.push(result.rss);
  }
  return { readyMs: median(ready), rss: median(rss) };
}

async function startOnce(
  repoRoot: string,
  service: Service,
  build: 'dist' | 'source',
  databaseUrl: string,
  redisUrl: string,
): Promise<{ readyMs: number; rss: number }> {
  const port = await freePort();
  const entry = build === 'dist' ? service.dist : service.source;
  const args = build === 'dist' ? [entry] : ['--import', 'tsx', entry];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: path.join(repoRoot, service.dir),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The compiled service runs with the options its image gives it; from sources, as `pnpm dev` runs it.
      ...(build === 'dist' ? serviceEnv({}) : {}),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `bench-services-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: benchJwtSecret,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      GATEWAY_WORKERS: '1',
      HOST: '127.0.0.1',
      [service.portKey]: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    let readyMs = Number.NaN;
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${service.name} exited early: ${stderr}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`)
        .then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        })
        .catch(() => 0);
      if (status === 200) {
        readyMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (Number.isNaN(readyMs)) throw new Error(`${service.name} not ready in 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    // The median of five samples a quarter of a second apart: one timer's allocation does not count.
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(await rssBytes(child.pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { readyMs, rss: median(samples) };
  } finally {
    process.off('exit', killOnExit);
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
