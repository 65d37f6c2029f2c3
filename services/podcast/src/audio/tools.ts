import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

const found = new Map<string, Promise<string | null>>();

/** Absolute path of an executable on the PATH, or null (cached per process). */
export function findExecutable(name: string): Promise<string | null> {
  let result = found.get(name);
  if (!result) {
    result = (async () => {
      for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
        if (!dir) continue;
        const candidate = path.join(dir, name);
        try {
          await access(candidate, constants.X_OK);
          return candidate;
        } catch {
          // not here
        }
      }
      return null;
    })();
    found.set(name, result);
  }
  return result;
}

export class CommandError extends Error {
  constructor(
    command: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`${command} exited with ${code}: ${stderr.trim().slice(-500)}`);
    this.name = 'CommandError';
  }
}

/** Runs a program without a shell; resolves with stdout, rejects with its stderr. */
export function run(
  command: string,
  args: string[],
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new CommandError(path.basename(command), code, stderr));
    });
  });
}

/** Media duration in seconds read by ffprobe, or null when ffprobe is missing or fails. */
export async function probeDuration(file: string): Promise<number | null> {
  const ffprobe = await findExecutable('ffprobe');
  if (!ffprobe) return null;
  try {
    const out = await run(ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    const seconds = Number.parseFloat(out.trim());
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}
