/**
 * Smoke test of the one-command start: runs the launcher with a throw-away data directory and
 * no DATABASE_URL / REDIS_URL / SMTP_URL (so embedded PostgreSQL, a local redis-server if one is
 * on PATH, and the mailbox all start), checks the product answers, then sends SIGINT and checks
 * that every process it started is gone.
 *
 *   pnpm --filter @app/infra smoke                 # builds web/dist first when it is missing
 *   pnpm --filter @app/infra smoke --build      # always rebuild the web app
 *   pnpm --filter @app/infra smoke --no-redis   # queues on PostgreSQL
 *   pnpm --filter @app/infra smoke --keep       # keep the data directory for inspection
 *
 * Linux only (it follows the launcher's descendants through /proc). Exit code 0 means pass.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort, waitFor } from '@app/local-services/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: flags } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    build: { type: 'boolean', default: false },
    'no-redis': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'timeout-ms': { type: 'string', default: '240000' },
  },
});

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail = '') => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
};

// Same as `pnpm start` does first; skipped when a build is already there.
if (flags.build || !existsSync(path.join(ROOT, 'web/dist/index.html'))) {
  console.log('building the web app (pnpm --filter @app/web build)');
  execFileSync('pnpm', ['--filter', '@app/web', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'start-smoke-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter it
const port = await findFreePort(3300);
const mailboxPort = await findFreePort(8325, { host: '127.0.0.1' });
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), MAILBOX_PORT: String(mailboxPort) };
for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'JWT_SECRET', 'HEALTH_PORT'])
  delete env[key];

const args = [path.join(ROOT, 'infra/launcher/start.ts'), '--data-dir', dataDir];
if (flags['no-redis']) args.push('--no-redis');
const tsx = path.join(ROOT, 'infra/node_modules/.bin/tsx');
console.log(`launcher: tsx ${args.join(' ')}  (PORT=${port}, MAILBOX_PORT=${mailboxPort})`);
const launcher = spawn(tsx, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
const collect = (chunk: Buffer) => {
  output += chunk.toString();
  process.stdout.write(chunk);
};
launcher.stdout.on('data', collect);
launcher.stderr.on('data', collect);
const launcherExit = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
const died = new AbortController();
launcherExit.then((code) => died.abort(new Error(`the launcher exited early (code ${code})`)));

const base = `http://127.0.0.1:${port}`;
let exitCode: number | null = null;
try {
  await waitFor(async () => (await fetch(`${base}/healthz`)).ok, {
    timeoutMs: Number(flags['timeout-ms']),
    intervalMs: 500,
    what: '/healthz',
    abort: died.signal,
  });
  check('GET /healthz', true);
  await waitFor(async () => (await fetch(`${base}/readyz`)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 500,
    what: '/readyz',
    abort: died.signal,
  });
  check('GET /readyz', true);
  await waitFor(async () => output.includes('Press Ctrl-C to stop'), {
    timeoutMs: 60_000,
    what: 'the launcher banner',
    abort: died.signal,
  });
  check('banner names the admin login', /admin@example\.com \/ admin12345/.test(output));

  const home = await fetch(`${base}/`);
  const homeBody = await home.text();
  check(
    'GET / serves the web app',
    home.status === 200 &&
      /text\/html/.test(home.headers.get('content-type') ?? '') &&
      /<html/i.test(homeBody),
    `${home.status} ${home.headers.get('content-type')}`,
  );
  // The page's link-preview card, drawn by the gateway with its shipped fonts.
  const cardUrl = /<meta property="og:image" content="([^"]+)"/.exec(homeBody)?.[1]?.replaceAll('&amp;', '&');
  const card = cardUrl ? await fetch(`${base}${new URL(cardUrl).pathname}${new URL(cardUrl).search}`) : null;
  const cardBytes = card ? Buffer.from(await card.arrayBuffer()) : Buffer.alloc(0);
  check(
    'GET / names a social card that answers a PNG',
    card?.status === 200 && cardBytes.subarray(1, 4).toString() === 'PNG' && cardBytes.length > 10_000,
    `${cardUrl} → ${card?.status} ${cardBytes.length} bytes`,
  );
  for (const route of ['/api/topics', '/api/me']) {
    const response = await fetch(`${base}${route}`);
    const type = response.headers.get('content-type') ?? '';
    let json = false;
    try {
      await response.json();
      json = true;
    } catch {}
    check(
      `GET ${route} answers JSON`,
      json && /json/.test(type) && response.status < 500,
      `${response.status} ${type}`,
    );
  }
  const mailbox = await fetch(`http://127.0.0.1:${mailboxPort}/`);
  check('mailbox page', mailbox.status === 200, String(mailbox.status));

  // Everything the launcher started, to check after the stop.
  const descendants = descendantsOf(launcher.pid!);
  check('launcher runs the services', descendants.length >= 7, `${descendants.length} descendant processes`);

  launcher.kill('SIGINT');
  exitCode = await Promise.race([launcherExit, sleep(40_000).then(() => 'timeout' as const)]).then((r) =>
    r === 'timeout' ? null : r,
  );
  check('launcher exits 0 after SIGINT', exitCode === 0, `exit ${exitCode}`);
  await sleep(200);
  const alive = descendants.filter((p) => stillRunning(p));
  check('every child exited', alive.length === 0, alive.map((p) => `${p.pid} ${p.cmd}`).join('; '));
  check(
    'PostgreSQL shut down cleanly',
    !existsSync(path.join(dataDir, 'postgres/postmaster.pid')),
    'postmaster.pid should be gone',
  );
} catch (error) {
  check('smoke run', false, (error as Error).message);
} finally {
  if (launcher.exitCode === null) {
    launcher.kill('SIGKILL');
    for (const p of descendantsOf(launcher.pid!)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {}
    }
  }
  if (!flags.keep) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`data kept in ${dataDir}`);
}

const failed = checks.filter((c) => !c.ok);
console.log(failed.length ? `\nSMOKE FAILED: ${failed.map((c) => c.name).join(', ')}` : '\nSMOKE PASSED');
process.exit(failed.length ? 1 : 0);

type Proc = { pid: number; start: string; cmd: string };

/** Every process below `root`, found through /proc (the services run in their own groups). */
function descendantsOf(root: number): Proc[] {
  const parents = new Map<number, number[]>();
  const info = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces) start after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(rest[1]);
      const start = rest[19] ?? '';
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 120);
      info.set(pid, { pid, start, cmd });
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    } catch {
      // exited while we looked
    }
  }
  const found: Proc[] = [];
  const queue = [...(parents.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    const proc = info.get(pid);
    if (proc) found.push(proc);
    queue.push(...(parents.get(pid) ?? []));
  }
  return found;
}

/** Same pid and same start time: the very process, not a reused pid. Zombies count as gone. */
function stillRunning(p: Proc): boolean {
  try {
    const stat = readFileSync(`/proc/${p.pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] === p.start && rest[0] !== 'Z';
  } catch {
    return false;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
