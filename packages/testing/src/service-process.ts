import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { waitFor } from './wait-for.ts';

/** Ports this process has handed out: the kernel may give a just-closed port to the next bind. */
const handedOut = new Set<number>();

/**
 * A port that was free a moment ago, for a child process that must be told its port up front; never
 * one this process handed out before, so the services of one run never share a port.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServiceProcess = {
  child: ChildProcess;
  /** stdout and stderr so far, for assertions and for failure messages. */
  output(): string;
  /** Resolves when the process exits (it is not killed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Runs a service entry point in a child process, to test start-up wiring, configuration errors and
 * signal handling end to end: a `.ts` entry the way `pnpm dev` does (node + tsx), a compiled `.js`
 * one (`dist/main.js`) the way production does (plain node).
 */
export function spawnService(options: {
  entry: string;
  cwd: string;
  env: Record<string, string>;
}): ServiceProcess {
  const args = options.entry.endsWith('.ts') ? ['--import', 'tsx', options.entry] : [options.entry];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Waits until `url` answers 200, failing early with the child's output if it exits first. The default
 * leaves room for a cold start on a loaded two-core CI machine (a start normally takes a few seconds).
 */
export async function waitForHealthy(
  service: ServiceProcess,
  url: string,
  timeoutMs = 45_000,
): Promise<void> {
  let exited = false;
  void service.exited.then(() => {
    exited = true;
  });
  await waitFor(
    async () => {
      if (exited) throw new Error(`service exited before becoming healthy:\n${service.output()}`);
      const res = await fetch(url).catch(() => undefined);
      await res?.arrayBuffer();
      return res?.status === 200;
    },
    { timeoutMs, intervalMs: 100, message: `${url} to answer 200` },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- service output ---\n${service.output()}`);
  });
}
