import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { startProduct } from '@app/testing';
import { promisify } from 'node:util';
import { serviceEnv } from '../../infra/build/node-options.ts';

let built: Promise<void> | undefined;

/**
 * Compiles the services once per bench run (`pnpm --filter @app/infra build:services`, about two
 * seconds): the bench measures them as production runs them, `node dist/…`.
 */
export function ensureServicesBuilt(repoRoot: string): Promise<void> {
  built ??= promisify(execFile)('pnpm', ['--filter', '@app/infra', 'build:services'], {
    cwd: repoRoot,
  }).then(() => undefined);
  return built;
}

/**
 * A production gateway refuses any secret written in the repository: each bench run makes its own. The
 * metrics token is what the memory sampler shows the gateway's /metrics.
 */
export const benchJwtSecret = randomBytes(36).toString('base64url');
export const BENCH_METRICS_TOKEN = randomBytes(36).toString('base64url');

/** A gateway the bench started: its process id (memory is sampled from it) and how to stop it. */
export type GatewayProcess = { pid: number; stop(): Promise<void> };

/**
 * The gateway as production runs it (the compiled bundle, GATEWAY_WORKERS at its default: one process per CPU, at most 4),
 * on its own port, against a bench database: the test suite's product starter with the gateway alone.
 */
export async function startGatewayProcess(options: {
  repoRoot: string;
  redisUrl: string;
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<GatewayProcess> {
  await ensureServicesBuilt(options.repoRoot);
  const product = await startProduct(
    {
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      JWT_SECRET: benchJwtSecret,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      ...serviceEnv({}),
      ...options.env,
    },
    { services: ['gateway'], build: 'dist', ports: { gateway: options.port } },
  );
  // Never leave the gateway running after the bench, even when the bench dies on an uncaught error.
  const pid = product.pid('gateway');
  const killOnExit = () => process.kill(pid, 'SIGKILL');
  process.once('exit', killOnExit);
  return {
    pid,
    async stop() {
      process.off('exit', killOnExit);
      await product.stop();
    },
  };
}
