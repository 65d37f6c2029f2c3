import net from 'node:net';
import path from 'node:path';
import { findFreePort } from '@app/local-services/ports';
import { startPostgres } from '@app/local-services/postgres';
import { findExecutable, startRedis } from '@app/local-services/redis';
import { repoRoot } from './paths.ts';

type Stop = () => Promise<void>;

/**
 * On a machine with no PostgreSQL or Redis of its own, `pnpm test` brings its own: an embedded
 * PostgreSQL (npm binaries, data under .data/test-postgres) and a redis-server from the PATH.
 * Variables already set, or servers already answering on the default ports, win. The values
 * go into process.env, which vitest passes on to every test worker.
 */
export async function ensureLocalServices(): Promise<Stop> {
  const stops: Stop[] = [];
  if (!process.env.DATABASE_URL && !(await isListening(5432))) {
    const port = await findFreePort(55432);
    const postgres = await startPostgres({
      dataDir: path.join(repoRoot(), '.data', 'test-postgres'),
      port,
      password: 'test',
    });
    process.env.DATABASE_URL = postgres.url('postgres');
    stops.push(() => postgres.stop());
  }
  if (!process.env.REDIS_URL && !(await isListening(6379))) {
    const binary = findExecutable('redis-server');
    if (!binary) {
      throw new Error(
        'No Redis answers on 127.0.0.1:6379 and no redis-server is on the PATH: set REDIS_URL, or install one (Debian: apt-get install redis-server).',
      );
    }
    const port = await findFreePort(56379);
    const redis = await startRedis({ binary, port, dataDir: path.join(repoRoot(), '.data', 'test-redis') });
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    stops.push(() => redis.stop());
  }
  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
}

function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
