import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@app/logger';
import { serveClusterMetrics } from './lib/cluster-metrics.ts';

const RESTART_DELAY_MS = 1000;
/** More unplanned exits than this per worker within a minute: something is wrong at start, give up. */
const EXITS_PER_WORKER_PER_MINUTE = 3;
const STOP_TIMEOUT_MS = 20_000;

/**
 * The primary of GATEWAY_WORKERS gateway processes sharing one port (node:cluster hands each new
 * connection to the next worker). It serves nothing itself: it starts the workers, starts another
 * when one dies, sums their metrics for /metrics, and on SIGTERM/SIGINT has each finish its requests
 * (serve.ts) before exiting. Workers crashing over and over (a port in use, a bad database URL) end
 * the primary with status 1 instead of a restart loop.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  serveClusterMetrics();
  let stopping = false;
  let failed = false;
  const exits: number[] = [];

  const start = (): Worker => cluster.fork();
  const running = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // A worker still loading when the signal came has no handler yet: SIGTERM ends it at once.
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      if (running().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    exits.push(now);
    while (exits.length > 0 && exits[0]! < now - 60_000) exits.shift();
    if (exits.length > count * EXITS_PER_WORKER_PER_MINUTE) {
      logger.fatal({ exits: exits.length }, 'gateway workers keep exiting: stopping');
      failed = true;
      stop('workers keep exiting');
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'gateway worker exited: starting another');
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });

  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ reason, workers: running().length }, 'stopping the gateway workers');
    setTimeout(() => {
      logger.error('gateway workers did not stop in time');
      for (const worker of running()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    if (running().length === 0) process.exit(failed ? 1 : 0);
    for (const worker of running()) worker.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  logger.info({ workers: count }, 'starting the gateway workers');
  for (let i = 0; i < count; i++) start();
}
