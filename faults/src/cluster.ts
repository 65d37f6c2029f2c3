import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '@app/db';
import { findFreePort } from '@app/local-services/ports';
import { type RunningPostgres, startPostgres } from '@app/local-services/postgres';
import { findExecutable, type RunningRedis, startRedis } from '@app/local-services/redis';

export type Restart = { downMs: number };

/** The fault run's own PostgreSQL and Redis, which it may stop and start again at will. */
export type Cluster = {
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Stops Redis and starts it again on the same port and data directory. */
  restartRedis(): Promise<Restart>;
  /** Stops PostgreSQL (fast shutdown: every connection is cut) and starts it again. */
  restartPostgres(): Promise<Restart>;
  stop(): Promise<void>;
};

const PASSWORD = 'faults';

/**
 * FAULTS_REDIS=empty runs Redis without persistence (as `pnpm start` does), so each restart brings it
 * back empty: an experiment that shows what the product loses then (faults/README.md), not the CI run.
 */
export function redisComesBackEmpty(): boolean {
  return process.env.FAULTS_REDIS === 'empty';
}

const DATABASE = 'daily_curated';

/**
 * An embedded PostgreSQL and a redis-server on free ports, never the shared ones other test runs
 * use. Redis runs as docker-compose runs it in production: noeviction and an append-only file, so
 * a restart keeps the queues (see faults/README.md for what happens without it).
 */
export async function startCluster(): Promise<Cluster> {
  const redisBinary = findExecutable('redis-server');
  if (!redisBinary)
    throw new Error('the fault tests need redis-server on the PATH (apt-get install redis-server)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dc-faults-'));
  // As root, PostgreSQL runs as the "postgres" user, which must be able to reach its directory.
  await chmod(dir, 0o755);
  const pgDir = path.join(dir, 'postgres');
  const redisDir = path.join(dir, 'redis');
  await mkdir(redisDir, { recursive: true });
  const pgPort = await findFreePort(56_500, { host: '127.0.0.1' });
  const redisPort = await findFreePort(56_700, { host: '127.0.0.1', taken: [pgPort] });

  const startPg = () => startPostgres({ dataDir: pgDir, port: pgPort, password: PASSWORD });
  const startRd = () =>
    startRedis({
      binary: redisBinary,
      port: redisPort,
      dataDir: redisDir,
      appendOnly: !redisComesBackEmpty(),
    });
  let postgres: RunningPostgres | undefined = await startPg();
  let redis: RunningRedis | undefined = await startRd();
  const databaseUrl = postgres.url(DATABASE);
  await migrate(databaseUrl);

  return {
    dir,
    databaseUrl,
    redisUrl: redis.url,
    async restartRedis() {
      const started = Date.now();
      const before = redis?.pid;
      await redis?.stop();
      redis = undefined;
      redis = await startRd();
      if (redis.pid === before) throw new Error('Redis did not restart');
      return { downMs: Date.now() - started };
    },
    async restartPostgres() {
      const started = Date.now();
      const before = postgres?.pid;
      await postgres?.stop();
      postgres = undefined;
      postgres = await startPg();
      if (postgres.pid === before) throw new Error('PostgreSQL did not restart');
      return { downMs: Date.now() - started };
    },
    async stop() {
      await redis?.stop().catch(() => undefined);
      await postgres?.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
