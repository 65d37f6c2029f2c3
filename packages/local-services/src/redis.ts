import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { exitOf, stopChild, tail } from './child.ts';
import { waitFor } from './ports.ts';

export type RunningRedis = {
  port: number;
  url: string;
  pid: number;
  exited: Promise<unknown>;
  stop(): Promise<void>;
};

/** The absolute path of an executable on PATH, or undefined. */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Runs a throwaway redis-server: queues are transport only (PostgreSQL holds every state), so
 * no persistence by default. noeviction because BullMQ breaks when Redis drops its keys.
 * `appendOnly` gives docker-compose's production setting (an append-only file in dataDir), so a
 * restart keeps waiting, delayed and scheduled jobs.
 */
export async function startRedis(options: {
  binary: string;
  port: number;
  dataDir: string;
  appendOnly?: boolean;
  onLog?: (line: string) => void;
}): Promise<RunningRedis> {
  await fs.mkdir(options.dataDir, { recursive: true });
  const log = tail();
  const child = spawn(
    options.binary,
    [
      '--port',
      String(options.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      options.appendOnly ? 'yes' : 'no',
      '--dir',
      options.dataDir,
      '--maxmemory-policy',
      'noeviction',
      '--daemonize',
      'no',
    ],
    // Detached: the terminal's Ctrl-C must not reach Redis before the services have stopped.
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    log.push(text);
    for (const line of text.split('\n')) if (line) options.onLog?.(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = exitOf(child);
  const died = new AbortController();
  exited.then(() => died.abort(new Error('redis-server exited')));
  try {
    await waitFor(() => ping(options.port), { timeoutMs: 10_000, what: 'redis-server', abort: died.signal });
  } catch (error) {
    if (!died.signal.aborted) await stopChild(child, 'SIGKILL', 1000);
    throw new Error(`redis-server did not start (${(error as Error).message}):\n${log}`);
  }
  return {
    port: options.port,
    url: `redis://127.0.0.1:${options.port}`,
    pid: child.pid!,
    exited,
    stop: async () => {
      await stopChild(child, 'SIGTERM', 5000);
    },
  };
}

/** Speaks just enough RESP to ask PING; avoids a client library for one health probe. */
export function ping(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
