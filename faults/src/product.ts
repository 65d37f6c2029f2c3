import path from 'node:path';
import { freePort, repoRoot, type ServiceProcess, spawnService } from '@app/testing';

export const SERVICE_NAMES = [
  'gateway',
  'crawler',
  'summarizer',
  'content-generation',
  'podcast',
  'mailer',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

type Running = { process: ServiceProcess; port: number; killedOnPurpose: boolean };

export type Product = {
  /** The gateway's base URL. */
  baseUrl: string;
  /** kill -9: no shutdown hook runs, the jobs in hand are cut off. */
  kill(name: ServiceName): Promise<void>;
  /** Starts the service again (same port) and waits for its /readyz. */
  start(name: ServiceName): Promise<void>;
  /** Milliseconds until every service answers /readyz 200 again (or throws after `timeoutMs`). */
  waitAllReady(timeoutMs: number): Promise<number>;
  pid(name: ServiceName): number;
  /** Services that exited without the test killing them, with their last output. */
  unexpectedExits: string[];
  stop(): Promise<void>;
};

const ENTRY: Record<ServiceName, string> = {
  gateway: 'src/server.ts',
  crawler: 'src/main.ts',
  summarizer: 'src/main.ts',
  'content-generation': 'src/main.ts',
  podcast: 'src/main.ts',
  mailer: 'src/main.ts',
};

/**
 * The gateway and the five worker services, each its own Node process started the way `pnpm start`
 * starts it (node + tsx, configuration from the environment), all on the fault run's PostgreSQL and
 * Redis. Each worker's /readyz checks its queue connection and its database.
 */
export async function startProduct(env: Record<string, string>): Promise<Product> {
  const services = new Map<ServiceName, Running>();
  const unexpectedExits: string[] = [];
  const ports = new Map<ServiceName, number>();
  for (const name of SERVICE_NAMES) ports.set(name, await freePort());
  const gatewayPort = ports.get('gateway')!;
  const readyUrl = (name: ServiceName) => `http://127.0.0.1:${ports.get(name)}/readyz`;

  const spawn = (name: ServiceName) => {
    const port = ports.get(name)!;
    const portEnv: Record<string, string> =
      name === 'gateway' ? { PORT: String(port), HOST: '127.0.0.1' } : { HEALTH_PORT: String(port) };
    const proc = spawnService({
      entry: ENTRY[name],
      cwd: path.join(repoRoot(), 'services', name),
      env: { ...env, ...portEnv },
    });
    const running: Running = { process: proc, port, killedOnPurpose: false };
    void proc.exited.then((exit) => {
      if (running.killedOnPurpose) return;
      unexpectedExits.push(
        `${name} exited by itself (${JSON.stringify(exit)}):\n${proc.output().slice(-3000)}`,
      );
    });
    services.set(name, running);
    return running;
  };

  const start = async (name: ServiceName) => {
    spawn(name);
    await waitReady(name, 90_000);
  };

  const waitReady = async (name: ServiceName, timeoutMs: number) => {
    const running = services.get(name)!;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (running.process.child.exitCode !== null || running.process.child.signalCode !== null) {
        throw new Error(`${name} exited before it was ready:\n${running.process.output().slice(-3000)}`);
      }
      if ((await status(readyUrl(name))) === 200) return;
      if (Date.now() > deadline) {
        throw new Error(`${name} not ready after ${timeoutMs} ms:\n${running.process.output().slice(-3000)}`);
      }
      await sleep(100);
    }
  };

  const stopAll = () =>
    Promise.all(
      [...services.values()].map(async (running) => {
        running.killedOnPurpose = true;
        const timer = setTimeout(() => running.process.child.kill('SIGKILL'), 10_000);
        await running.process.stop('SIGTERM');
        clearTimeout(timer);
      }),
    );
  // Started together: each takes a few seconds of CPU to load through tsx.
  const starting = await Promise.allSettled(SERVICE_NAMES.map((name) => start(name)));
  const failed = starting.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    async kill(name) {
      const running = services.get(name)!;
      running.killedOnPurpose = true;
      running.process.child.kill('SIGKILL');
      await running.process.exited;
    },
    start,
    async waitAllReady(timeoutMs) {
      const started = Date.now();
      await Promise.all(SERVICE_NAMES.map((name) => waitReady(name, timeoutMs)));
      return Date.now() - started;
    },
    pid: (name) => services.get(name)!.process.child.pid!,
    unexpectedExits,
    async stop() {
      await stopAll();
    },
  };
}

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
