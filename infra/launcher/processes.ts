import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Exit, exitOf, reapGroup, stopChild } from '@app/local-services/child';

export type ProcessSpec = {
  /** Shown before each output line. */
  name: string;
  /** Package directory whose package.json script is run. */
  cwd: string;
  script: string;
  env: NodeJS.ProcessEnv;
};

export type RunningProcess = {
  name: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Whether the pid is the program itself (else a shell running a compound script). */
  direct: boolean;
};

export type ResolvedCommand = {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The script became the process itself (sh exec'd it), rather than a shell running it. */
  direct: boolean;
};

/**
 * Runs a package.json script the way `pnpm run` would (its node_modules/.bin and the root's on
 * PATH) but without pnpm in between: one less process per service, and signals reach the
 * program itself. `exec` makes sh hand its pid over, so a signal goes to tsx or vite directly.
 */
export function resolveScript(
  pkgDir: string,
  script: string,
  rootDir: string,
  env: NodeJS.ProcessEnv,
): ResolvedCommand {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const line = pkg.scripts?.[script];
  if (!line)
    throw new Error(`${path.relative(rootDir, pkgDir) || '.'}/package.json has no "${script}" script`);
  const bins = [path.join(pkgDir, 'node_modules/.bin'), path.join(rootDir, 'node_modules/.bin')];
  const simple = !/[;&|<>()`$\n]/.test(line);
  return {
    command: '/bin/sh',
    args: ['-c', simple ? `exec ${line}` : line],
    env: { ...env, PATH: [...bins, env.PATH ?? ''].join(path.delimiter) },
    direct: simple,
  };
}

const COLOURS = [36, 35, 33, 32, 34, 91, 96, 95, 93, 92];
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, number> = { 40: 33, 50: 31, 60: 31 };
const PINO_NOISE = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service']);

export type PrefixOptions = { colour?: number; tty?: boolean; width?: number };

/** `name | ` padded to a common width, coloured when writing to a terminal. */
export function formatPrefix(name: string, options: PrefixOptions = {}): string {
  const label = `${name.padEnd(options.width ?? name.length)} │ `;
  return options.tty && options.colour ? `\x1b[${options.colour}m${label}\x1b[0m` : label;
}

/**
 * On a terminal, turns pino's JSON lines into "LEVEL message {extra}" (the services print JSON
 * because their stdout is our pipe, not a TTY). Anything else passes through untouched.
 */
export function prettyLogLine(line: string, tty: boolean): string {
  if (!tty || !line.startsWith('{')) return line;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof record.level !== 'number' || !('msg' in record || 'time' in record)) return line;
  const level = LEVELS[record.level] ?? String(record.level);
  const colour = LEVEL_COLOURS[record.level];
  const extra = Object.fromEntries(Object.entries(record).filter(([key]) => !PINO_NOISE.has(key)));
  const tail = Object.keys(extra).length ? ` \x1b[2m${JSON.stringify(extra)}\x1b[0m` : '';
  const head = colour ? `\x1b[${colour}m${level.padEnd(5)}\x1b[0m` : level.padEnd(5);
  return `${head} ${String(record.msg ?? '')}${tail}`;
}

/**
 * Splits a byte stream into lines and writes each with a prefix. Partial lines wait for the
 * rest (output arrives in arbitrary chunks); flush() writes whatever is left at exit.
 */
export function createLinePrefixer(
  prefix: string,
  write: (text: string) => void,
  transform = (line: string) => line,
) {
  let pending = '';
  return {
    push(chunk: Buffer | string) {
      pending += chunk.toString();
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      if (lines.length) write(lines.map((line) => `${prefix}${transform(line)}\n`).join(''));
    },
    flush() {
      if (pending) write(`${prefix}${transform(pending)}\n`);
      pending = '';
    },
  };
}

export type SupervisorOptions = {
  rootDir: string;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream;
  /** Width of the name column. */
  width?: number;
  /** Called once per child that exits while we are not stopping: the product is broken. */
  onUnexpectedExit?: (process: RunningProcess, exit: Exit) => void;
};

/** Starts the product's processes and stops them together. */
export function createSupervisor(options: SupervisorOptions) {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const tty = Boolean((stdout as { isTTY?: boolean }).isTTY);
  const running: RunningProcess[] = [];
  let stopping = false;

  return {
    running,
    start(spec: ProcessSpec): RunningProcess {
      const { command, args, env, direct } = resolveScript(spec.cwd, spec.script, options.rootDir, spec.env);
      const child = spawn(command, args, {
        cwd: spec.cwd,
        env,
        // Own process group: Ctrl-C reaches only the launcher, which stops everything in order,
        // and a group kill takes out anything the service itself spawned.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const prefix = formatPrefix(spec.name, {
        tty,
        width: options.width,
        colour: COLOURS[running.length % COLOURS.length],
      });
      const pretty = (line: string) => prettyLogLine(line, tty);
      const out = createLinePrefixer(prefix, (text) => stdout.write(text), pretty);
      const err = createLinePrefixer(prefix, (text) => stderr.write(text), pretty);
      child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
      const exited = exitOf(child);
      const handle: RunningProcess = { name: spec.name, pid: child.pid ?? 0, child, exited, direct };
      child.once('error', (error) => stderr.write(`${prefix}failed to start: ${error.message}\n`));
      exited.then((exit) => {
        out.flush();
        err.flush();
        if (!stopping) options.onUnexpectedExit?.(handle, exit);
      });
      running.push(handle);
      return handle;
    },
    /**
     * SIGTERM to each, SIGKILL to the group of any still running after graceMs. The SIGTERM goes
     * to the program only: tsx forwards it to the script once, while a group signal would deliver
     * it twice (and a second signal means "exit now" to our services). A shell running a
     * compound script forwards nothing, so there the whole group gets it.
     */
    async stopAll(graceMs = 10_000): Promise<void> {
      stopping = true;
      const deadline = Date.now() + graceMs;
      await Promise.all(
        running.map(async (p) => {
          await stopChild(p.child, 'SIGTERM', graceMs, ['SIGKILL'], !p.direct);
          // Whatever the service started and left behind goes with it.
          await reapGroup(p.pid, deadline);
        }),
      );
    },
    get stopping() {
      return stopping;
    },
  };
}

export type Supervisor = ReturnType<typeof createSupervisor>;
