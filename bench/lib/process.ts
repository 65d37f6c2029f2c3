import { randomBytes } from 'node:crypto';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
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

/** Starts a service as its own process (so the load generator does not share its event loop). */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; readyUrl: string; timeoutMs?: number },
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Never leave a service running after the bench, even when it dies on an uncaught error.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited early: ${stderr}`);
    try {
      const response = await fetch(options.readyUrl);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`${options.readyUrl} not ready in time: ${stderr}`);
  }
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A production gateway refuses any secret written in the repository: each bench run makes its own. The
 * metrics token is what the memory sampler shows the gateway's /metrics.
 */
export const benchJwtSecret = randomBytes(36).toString('base64url');
export const BENCH_METRICS_TOKEN = randomBytes(36).toString('base64url');

/**
 * The gateway as production runs it (the compiled bundle, GATEWAY_WORKERS at its default: one process per CPU, at most 4),
 * on its own port, against a bench database.
 */
export async function startGatewayProcess(options: {
  repoRoot: string;
  redisUrl: string;
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<Awaited<ReturnType<typeof startProcess>>> {
  await ensureServicesBuilt(options.repoRoot);
  return startProcess(process.execPath, ['dist/server.js'], {
    cwd: path.join(options.repoRoot, 'services/gateway'),
    env: {
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      JWT_SECRET: benchJwtSecret,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      ...serviceEnv({}),
      ...options.env,
    },
    readyUrl: `http://127.0.0.1:${options.port}/readyz`,
  });
}
