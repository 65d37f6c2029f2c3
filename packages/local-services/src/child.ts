import type { ChildProcess } from 'node:child_process';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Resolves once the process has exited (immediately if it already has). */
export function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Sends `signal` to the process (or its whole group); ignores "no such process". */
export function signal(pid: number | undefined, sig: NodeJS.Signals, group = false): void {
  if (!pid) return;
  try {
    process.kill(group ? -pid : pid, sig);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Asks a process to stop with `first`, escalating through `then` (each after `graceMs`).
 * Escalations go to the process group: the children are started detached so that a
 * wrapper (tsx, sh) and what it runs die together.
 */
export async function stopChild(
  child: ChildProcess,
  first: NodeJS.Signals,
  graceMs: number,
  then: NodeJS.Signals[] = ['SIGKILL'],
  firstToGroup = false,
): Promise<Exit> {
  const exited = exitOf(child);
  signal(child.pid, first, firstToGroup);
  for (const next of [...then, undefined]) {
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
    const result = await Promise.race([exited, timer]);
    if (result !== 'timeout') return result;
    if (!next) break;
    signal(child.pid, next, true);
  }
  return exited;
}

/** Keeps the last lines a process printed, to explain a failed start. */
export function tail(limit = 40) {
  const lines: string[] = [];
  return {
    push(text: string) {
      for (const line of text.split(/\r?\n/)) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > limit) lines.shift();
      }
    },
    toString: () => lines.join('\n'),
  };
}

/** True while any process of the group led by `pid` is alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits (until `deadline`) for what the process left in its group to finish, then SIGKILLs
 * the rest: a shell may exit before the program it started has flushed its shutdown.
 */
export async function reapGroup(pid: number, deadline: number): Promise<void> {
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  signal(pid, 'SIGKILL', true);
}
