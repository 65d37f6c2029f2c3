import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './paths.ts';
import { freePort, type ServiceProcess, spawnService } from './service-process.ts';

export const SERVICE_NAMES = [
  'gateway',
  'crawler',
  'summarizer',
  'content-generation',
  'podcast',
  'mailer',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type WorkerName = Exclude<ServiceName, 'gateway'>;

/** `ready`: answered /readyz once; an exit before that fails its start instead of counting as unexpected. */
type Running = { process: ServiceProcess; port: number; killedOnPurpose: boolean; ready: boolean };

export type ProductOptions = {
  /** Processes per service, each on its own port; default 1. */
  copies?: number;
  /** `source`: src/*.ts through tsx, as `pnpm dev` runs them; `dist`: the compiled bundles, as production does. */
  build?: 'source' | 'dist';
  /** Variables of one copy only (e.g. its own SMTP server). */
  envOf?: (name: ServiceName, copy: number) => Record<string, string>;
  /** The services to run; default all six. */
  services?: readonly ServiceName[];
  /** A port chosen by the caller for a service's first copy (else a free one). */
  ports?: Partial<Record<ServiceName, number>>;
};

export type Product = {
  /** The (first) gateway's base URL. */
  baseUrl: string;
  /** Every gateway copy's base URL. */
  baseUrls: string[];
  copies: number;
  /** A copy's own port: the gateway's public one, a worker's HEALTH_PORT (/healthz, /readyz, /metrics). */
  url(name: ServiceName, copy?: number): string;
  /** kill -9: no shutdown hook runs, the jobs in hand are cut off. */
  kill(name: ServiceName, copy?: number): Promise<void>;
  /** Starts the service again (same port unless another process took it) and waits for its /readyz. */
  start(name: ServiceName, copy?: number): Promise<void>;
  /** Milliseconds until every running copy answers /readyz 200 again (or throws after `timeoutMs`). */
  waitAllReady(timeoutMs: number): Promise<number>;
  pid(name: ServiceName, copy?: number): number;
  /**
   * A copy's peak resident size in bytes (the kernel's high-water mark, VmHWM), read just before it
   * is killed or stopped, or now while it runs; undefined if it could not be read.
   */
  peakRss(name: ServiceName, copy?: number): number | undefined;
  /** Services that exited without the test killing them, with their last output. */
  unexpectedExits: string[];
  stop(): Promise<void>;
};

const ENTRY: Record<ServiceName, { source: string; dist: string }> = {
  gateway: { source: 'src/server.ts', dist: 'dist/server.js' },
  crawler: { source: 'src/main.ts', dist: 'dist/main.js' },
  summarizer: { source: 'src/main.ts', dist: 'dist/main.js' },
  'content-generation': { source: 'src/main.ts', dist: 'dist/main.js' },
  podcast: { source: 'src/main.ts', dist: 'dist/main.js' },
  mailer: { source: 'src/main.ts', dist: 'dist/main.js' },
};

/**
 * The product as separate Node processes, the way it is deployed: the gateway and the five worker
 * services (or the ones `services` names), each copy its own process configured from the
 * environment, all on the caller's PostgreSQL and Redis. Each service's /readyz checks its queue
 * connection and its database. The fault and scale tests run all of it; the bench runs the
 * compiled gateway alone.
 */
export async function startProduct(
  env: Record<string, string>,
  options: ProductOptions = {},
): Promise<Product> {
  const copies = options.copies ?? 1;
  const build = options.build ?? 'source';
  const key = (name: ServiceName, copy: number) => `${name}#${copy + 1}`;
  const services = new Map<string, Running>();
  const unexpectedExits: string[] = [];
  const ports = new Map<string, number>();
  const peaks = new Map<string, number>();
  const recordPeak = (label: string, running: Running) => {
    const peak = highWaterMark(running.process.child.pid);
    if (peak !== undefined) peaks.set(label, Math.max(peaks.get(label) ?? 0, peak));
  };
  const all = (options.services ?? SERVICE_NAMES).flatMap((name) =>
    Array.from({ length: copies }, (_, copy) => ({ name, copy })),
  );
  for (const { name, copy } of all) {
    const chosen = copy === 0 ? options.ports?.[name] : undefined;
    ports.set(key(name, copy), chosen ?? (await freePort()));
  }
  const url = (name: ServiceName, copy = 0) => `http://127.0.0.1:${ports.get(key(name, copy))}`;

  const spawn = (name: ServiceName, copy: number) => {
    const port = ports.get(key(name, copy))!;
    const portEnv: Record<string, string> =
      name === 'gateway' ? { PORT: String(port), HOST: '127.0.0.1' } : { HEALTH_PORT: String(port) };
    const proc = spawnService({
      entry: ENTRY[name][build],
      cwd: path.join(repoRoot(), 'services', name),
      env: { ...env, ...options.envOf?.(name, copy), ...portEnv },
    });
    const running: Running = { process: proc, port, killedOnPurpose: false, ready: false };
    void proc.exited.then((exit) => {
      if (running.killedOnPurpose || !running.ready) return;
      unexpectedExits.push(
        `${key(name, copy)} exited by itself (${JSON.stringify(exit)}):\n${proc.output().slice(-3000)}`,
      );
    });
    services.set(key(name, copy), running);
    return running;
  };

  const start = async (name: ServiceName, copy = 0) => {
    for (let attempt = 1; ; attempt++) {
      const running = spawn(name, copy);
      try {
        await waitReady(name, copy, 90_000);
        return;
      } catch (error) {
        // Its port was taken while it was free (another process's bind or outgoing connection): a new one.
        const chosen = copy === 0 && options.ports?.[name] !== undefined;
        if (attempt === 3 || chosen || !/EADDRINUSE/.test(running.process.output())) throw error;
        running.killedOnPurpose = true;
        ports.set(key(name, copy), await freePort());
      }
    }
  };

  const waitReady = async (name: ServiceName, copy: number, timeoutMs: number) => {
    const running = services.get(key(name, copy))!;
    const label = key(name, copy);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (running.process.child.exitCode !== null || running.process.child.signalCode !== null) {
        throw new Error(`${label} exited before it was ready:\n${running.process.output().slice(-3000)}`);
      }
      if ((await status(`${url(name, copy)}/readyz`)) === 200) {
        running.ready = true;
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${label} not ready after ${timeoutMs} ms:\n${running.process.output().slice(-3000)}`,
        );
      }
      await sleep(100);
    }
  };

  const stopAll = () =>
    Promise.all(
      [...services.entries()].map(async ([label, running]) => {
        recordPeak(label, running);
        running.killedOnPurpose = true;
        const timer = setTimeout(() => running.process.child.kill('SIGKILL'), 10_000);
        await running.process.stop('SIGTERM');
        clearTimeout(timer);
      }),
    );
  // Started together: each takes a few seconds of CPU to load.
  const starting = await Promise.allSettled(all.map(({ name, copy }) => start(name, copy)));
  const failed = starting.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  return {
    baseUrl: url('gateway'),
    baseUrls: Array.from({ length: copies }, (_, copy) => url('gateway', copy)),
    copies,
    url,
    async kill(name, copy = 0) {
      const running = services.get(key(name, copy))!;
      recordPeak(key(name, copy), running);
      running.killedOnPurpose = true;
      running.process.child.kill('SIGKILL');
      await running.process.exited;
    },
    start,
    async waitAllReady(timeoutMs) {
      const started = Date.now();
      // A copy killed and not started again is left out.
      const live = all.filter(({ name, copy }) => !services.get(key(name, copy))!.killedOnPurpose);
      await Promise.all(live.map(({ name, copy }) => waitReady(name, copy, timeoutMs)));
      return Date.now() - started;
    },
    pid(name, copy = 0) {
      const pid = services.get(key(name, copy))?.process.child.pid;
      if (pid === undefined) throw new Error(`${key(name, copy)} is not running in this product`);
      return pid;
    },
    peakRss(name, copy = 0) {
      const running = services.get(key(name, copy));
      if (running && !running.killedOnPurpose) recordPeak(key(name, copy), running);
      return peaks.get(key(name, copy));
    },
    unexpectedExits,
    async stop() {
      await stopAll();
    },
  };
}

/** VmHWM of a live process, in bytes (Linux /proc); undefined elsewhere or once it is gone. */
function highWaterMark(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : undefined;
  } catch {
    return undefined;
  }
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
