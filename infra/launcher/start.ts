/**
 * The one-command product start: `pnpm start` (built web app served by the gateway) or
 * `pnpm dev` (tsx watch + the Vite dev server). Brings up whatever the environment does not
 * provide (PostgreSQL, Redis, an SMTP catcher), migrates and seeds, runs the gateway and the
 * five services, and stops all of it together.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServices } from '../build/build-services.ts';
import { queueFirstPodcasts } from './first-podcast.ts';
import { type Mailbox, type StoredMessage, startMailbox } from './mailbox.ts';
import { findFreePort, httpStatus, isPortFree, waitFor } from '@app/local-services/ports';
import { type RunningPostgres, startPostgres } from '@app/local-services/postgres';
import { createSupervisor, formatPrefix, type RunningProcess } from './processes.ts';
import { findExecutable, type RunningRedis, startRedis } from '@app/local-services/redis';
import { loadSecrets } from './secrets.ts';
import { serviceEnv } from '../build/node-options.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The workers and their default health ports (each service's own default). */
const WORKERS = [
  { name: 'crawler', healthPort: 9101 },
  { name: 'summarizer', healthPort: 9102 },
  { name: 'podcast', healthPort: 9103 },
  { name: 'content-generation', healthPort: 9104 },
  { name: 'mailer', healthPort: 9105 },
] as const;

const DATABASE_NAME = 'daily_curated';
const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
const VITE_PORT = 5173;
const NAME_WIDTH = Math.max(...WORKERS.map((w) => w.name.length));

const { values: flags } = parseArgs({
  // `pnpm run x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    dev: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'no-redis': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const tty = Boolean(process.stdout.isTTY);
const paint = (code: number, text: string) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text: string) => paint(1, text);
const launcherPrefix = formatPrefix('launcher', { tty, width: NAME_WIDTH, colour: 97 });
const mailPrefix = formatPrefix('mail', { tty, width: NAME_WIDTH, colour: 94 });
const say = (message: string) => process.stdout.write(`${launcherPrefix}${message}\n`);
const warn = (message: string) => process.stdout.write(`${launcherPrefix}${paint(33, message)}\n`);

/** Empty values count as unset, like the services' own config parsing. */
const fromEnv = (key: string) => process.env[key] || undefined;

const dataDir = path.resolve(flags['data-dir'] ?? fromEnv('APP_DATA_DIR') ?? path.join(ROOT, '.data'));
const dev = flags.dev;

let postgres: RunningPostgres | undefined;
let redis: RunningRedis | undefined;
let mailbox: Mailbox | undefined;
const supervisor = createSupervisor({
  rootDir: ROOT,
  width: NAME_WIDTH,
  onUnexpectedExit: (child, exit) =>
    fail(
      `${child.name} exited (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}); stopping everything`,
    ),
});

// Fires when the product can no longer run (a child died, a signal arrived): any wait stops.
const halt = new AbortController();
let exitCode = 0;
let shuttingDown: Promise<void> | undefined;

function fail(message: string) {
  if (halt.signal.aborted) return;
  process.stderr.write(`${launcherPrefix}${paint(31, message)}\n`);
  exitCode = 1;
  halt.abort(new Error(message));
  void shutdown();
}

let firstSignalAt = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (firstSignalAt) {
      // Wrappers (pnpm, timeout) may pass the same Ctrl-C on a few ms after the terminal did:
      // only a second signal a moment later means "force".
      if (Date.now() - firstSignalAt < 1000) return;
      // Second Ctrl-C: do not wait for graceful stops any more.
      warn('forcing stop');
      for (const child of supervisor.running) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
      return;
    }
    firstSignalAt = Date.now();
    say(`${sig} received, stopping (press Ctrl-C again to force)`);
    halt.abort(new Error(sig));
    void shutdown();
  });
}

/** Children first (they finish their jobs on the infrastructure), then Redis and PostgreSQL. */
function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    try {
      // Let the start-up step in progress settle (it stops at its next checkpoint), so nothing
      // it is starting right now (PostgreSQL, say) is left running after we exit.
      await Promise.race([started.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (supervisor.running.length) {
        say('stopping services (SIGTERM, SIGKILL after 10 s)');
        await supervisor.stopAll(10_000);
      }
      await mailbox?.close();
      if (redis) {
        say('stopping Redis');
        await redis.stop();
      }
      if (postgres) {
        say('stopping PostgreSQL');
        await postgres.stop();
      }
    } catch (error) {
      process.stderr.write(`${launcherPrefix}error while stopping: ${(error as Error).message}\n`);
      exitCode = 1;
    }
    say(exitCode === 0 ? 'stopped' : `stopped (exit ${exitCode})`);
    process.exit(exitCode);
  })();
  return shuttingDown;
}

/** Throws the halt reason if the product was told to stop while we were starting it. */
function checkpoint() {
  halt.signal.throwIfAborted();
}

async function main() {
  say(`${bold(dev ? 'development mode' : 'starting')} · data in ${display(dataDir)}`);
  const secretsFile = path.join(dataDir, 'secrets.json');
  const pgDir = path.join(dataDir, 'postgres');
  if (!existsSync(secretsFile) && existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new Error(
      `${secretsFile} is missing but ${pgDir} exists: its password is lost. Delete ${pgDir} to start over.`,
    );
  }
  const secrets = loadSecrets(secretsFile);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const transports: string[] = [];

  // PostgreSQL: the one source of truth.
  let databaseUrl = fromEnv('DATABASE_URL');
  if (databaseUrl) {
    transports.push(`database  ${redact(databaseUrl)} (DATABASE_URL)`);
  } else {
    const port = await findFreePort(54329, { host: '127.0.0.1' });
    say(`starting embedded PostgreSQL on 127.0.0.1:${port}`);
    postgres = await startPostgres({
      dataDir: pgDir,
      port,
      password: secrets.postgresPassword,
      onLog: (line) => {
        // migrate() probes for the database before creating it: that FATAL is expected.
        const expected = /FATAL:\s+database "[^"]+" does not exist/.test(line);
        if (flags.verbose || (/\b(FATAL|PANIC)\b/.test(line) && !expected)) say(`postgres: ${line}`);
      },
    });
    postgres.exited.then(() => fail('PostgreSQL exited'));
    databaseUrl = postgres.url(DATABASE_NAME);
    say(`PostgreSQL ready${postgres.initialised ? ' (new cluster)' : ''}`);
    transports.push(`database  embedded PostgreSQL 127.0.0.1:${port} (${display(pgDir)})`);
  }
  env.DATABASE_URL = databaseUrl;
  checkpoint();

  // Redis carries the queues when there is one; otherwise BullMQ's PostgreSQL backend does.
  const redisUrl = fromEnv('REDIS_URL');
  const redisBinary = flags['no-redis'] ? undefined : findExecutable('redis-server');
  if (redisUrl) {
    transports.push(`queues    Redis ${redact(redisUrl)} (REDIS_URL)`);
  } else if (redisBinary) {
    const port = await findFreePort(6390, { host: '127.0.0.1' });
    redis = await startRedis({
      binary: redisBinary,
      port,
      dataDir: path.join(dataDir, 'redis'),
      onLog: (line) => flags.verbose && say(`redis: ${line}`),
    });
    redis.exited.then(() => fail('redis-server exited'));
    env.REDIS_URL = redis.url;
    transports.push(`queues    Redis (local redis-server on 127.0.0.1:${port}, not persisted)`);
  } else {
    delete env.REDIS_URL;
    const why = flags['no-redis'] ? '--no-redis' : 'no redis-server on PATH';
    transports.push(`queues    PostgreSQL (BullMQ PostgreSQL backend; ${why})`);
    say(`${why}: the queues run on PostgreSQL`);
  }
  checkpoint();

  // Email: a local catcher unless an SMTP server is configured.
  if (fromEnv('SMTP_URL')) {
    transports.push(`email     ${redact(fromEnv('SMTP_URL')!)} (SMTP_URL)`);
  } else {
    const explicitHttp = fromEnv('MAILBOX_PORT');
    const httpPort = explicitHttp ? Number(explicitHttp) : await findFreePort(8025, { host: '127.0.0.1' });
    const smtpPort = await findFreePort(2525, { host: '127.0.0.1', taken: [httpPort] });
    mailbox = await startMailbox({
      dir: path.join(dataDir, 'mail'),
      smtpPort,
      httpPort,
      onMessage: (message) => printMail(message),
      onError: (error) => warn(`mailbox: ${error.message}`),
    });
    env.SMTP_URL = mailbox.smtpUrl;
    transports.push(`email     local capture ${mailbox.smtpUrl} → ${mailbox.httpUrl}`);
  }
  checkpoint();

  env.JWT_SECRET = fromEnv('JWT_SECRET') ?? secrets.jwtSecret;
  env.LOG_LEVEL = fromEnv('LOG_LEVEL') ?? 'info';
  // One absolute directory for every service (podcast writes audio, the gateway serves it).
  env.STORAGE_DIR = fromEnv('STORAGE_DIR') ?? path.join(dataDir, 'storage');
  // The compiled services run with the Node options and malloc settings their images have.
  if (!dev) Object.assign(env, serviceEnv(process.env));

  // Schema and starter data, before any service reads them.
  const db = await import('@app/db');
  const admin = {
    email: fromEnv('ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL,
    // A production run (NODE_ENV=production or an https PUBLIC_URL) refuses the published default.
    password: db.resolveAdminPassword({ ...env, PUBLIC_URL: fromEnv('PUBLIC_URL') }),
  };
  const { applied } = await db.migrate(databaseUrl);
  say(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database schema up to date');
  const prisma = db.createPrismaClient(databaseUrl);
  try {
    const seeded = await db.seed(prisma, { adminEmail: admin.email, adminPassword: admin.password });
    say(`seeded: ${seeded.topics} topics, ${seeded.datasources} datasources, admin ${admin.email}`);
  } finally {
    await prisma.$disconnect();
  }
  checkpoint();

  // The gateway's port is PORT when set, else 3000 or the next free one (in dev, Vite's /api
  // proxy follows it through API_PROXY_TARGET). Health ports: each service's default or the next free.
  const explicitPort = fromEnv('PORT');
  const gatewayPort = explicitPort ? Number(explicitPort) : await findFreePort(3000);
  if (gatewayPort !== 3000 && !explicitPort) warn(`port 3000 is busy; the gateway uses ${gatewayPort}`);
  if (explicitPort && !(await isPortFree(gatewayPort)))
    throw new Error(`PORT ${gatewayPort} is already in use`);
  const taken = new Set([gatewayPort]);
  const healthPorts = new Map<string, number>();
  for (const worker of WORKERS) {
    const port = await findFreePort(worker.healthPort, { taken });
    taken.add(port);
    healthPorts.set(worker.name, port);
  }
  const appUrl = dev ? `http://localhost:${VITE_PORT}` : `http://localhost:${gatewayPort}`;
  env.PUBLIC_URL = fromEnv('PUBLIC_URL') ?? appUrl;

  if (!dev && !existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    warn('web/dist is missing: run `pnpm start` from the root (it builds the web app first)');
  }

  // `start` runs the compiled services: build them from the current sources first (about a second).
  if (!dev) {
    say('compiling the services (infra/build/build-services.ts)');
    await buildServices();
  }

  // The product's processes.
  const script = dev ? 'dev' : 'start';
  const gateway = supervisor.start({
    name: 'gateway',
    cwd: path.join(ROOT, 'services/gateway'),
    script,
    env: { ...env, PORT: String(gatewayPort), HEALTH_PORT: undefined },
  });
  const workers: RunningProcess[] = [];
  for (const worker of WORKERS) {
    workers.push(
      supervisor.start({
        name: worker.name,
        cwd: path.join(ROOT, 'services', worker.name),
        script,
        env: { ...env, PORT: undefined, HEALTH_PORT: String(healthPorts.get(worker.name)) },
      }),
    );
  }
  if (dev) {
    supervisor.start({
      name: 'web',
      cwd: path.join(ROOT, 'web'),
      script: 'dev',
      // For web/vite.config.ts: where /api is proxied (the gateway's port may not be 3000).
      env: { ...env, API_PROXY_TARGET: `http://127.0.0.1:${gatewayPort}` },
    });
  }
  say(`started gateway (pid ${gateway.pid}) and ${workers.length} services; waiting for readiness`);

  const readyTimeoutMs = Number(fromEnv('READY_TIMEOUT_MS') ?? 180_000);
  await waitFor(async () => (await httpStatus(`http://127.0.0.1:${gatewayPort}/readyz`)) === 200, {
    timeoutMs: readyTimeoutMs,
    intervalMs: 300,
    what: `the gateway's /readyz on port ${gatewayPort}`,
    abort: halt.signal,
  });
  if (dev) {
    await waitFor(async () => (await httpStatus(`http://localhost:${VITE_PORT}/`)) > 0, {
      timeoutMs: 60_000,
      what: `the Vite dev server on port ${VITE_PORT}`,
      abort: halt.signal,
    });
  }
  // Workers are not on the request path, but say which ones are not up yet.
  const notReady: string[] = [];
  await Promise.all(
    WORKERS.map(async (worker) => {
      const url = `http://127.0.0.1:${healthPorts.get(worker.name)}/readyz`;
      const ok = await waitFor(async () => (await httpStatus(url)) === 200, {
        timeoutMs: 20_000,
        what: worker.name,
        abort: halt.signal,
      }).then(
        () => true,
        () => false,
      );
      if (!ok) notReady.push(`${worker.name} (:${healthPorts.get(worker.name)})`);
    }),
  );
  checkpoint();
  if (notReady.length) warn(`not ready yet: ${notReady.join(', ')}`);
  await firstPodcasts(env);
  checkpoint();

  const adminPasswordShown = fromEnv('ADMIN_PASSWORD') ? '(password from ADMIN_PASSWORD)' : admin.password;
  const lines = [
    '',
    bold(`Daily Curated is running${dev ? ' (dev)' : ''}`),
    `  app       ${paint(36, appUrl)}${dev ? `  (gateway http://localhost:${gatewayPort})` : ''}`,
    `  admin     ${admin.email} / ${adminPasswordShown}`,
    `  mailbox   ${mailbox ? paint(36, mailbox.httpUrl) : 'none (SMTP_URL is set)'}`,
    ...transports.map((t) => `  ${t}`),
    `  health    ${WORKERS.map((w) => `${w.name} :${healthPorts.get(w.name)}`).join(', ')}`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  for (const line of lines) say(line);
}

/**
 * The first start (no podcast at all): today's podcasts of the seeded topics, made by the podcast
 * service in the background (offline voice without keys), so the podcast page has one to play.
 */
async function firstPodcasts(env: NodeJS.ProcessEnv) {
  const [db, queue] = await Promise.all([import('@app/db'), import('@app/queue')]);
  const databaseUrl = env.DATABASE_URL as string;
  const prisma = db.createPrismaClient(databaseUrl);
  const transport = queue.createQueueTransport({
    redisUrl: env.REDIS_URL || undefined,
    databaseUrl,
    prefix: env.QUEUE_PREFIX || undefined,
  });
  const producer = queue.createProducer(transport);
  try {
    const plans = await queueFirstPodcasts(prisma, producer, {
      timeZone: env.PODCAST_TZ || 'UTC',
      now: new Date(),
    });
    for (const plan of plans) {
      say(
        `first run: making the ${plan.targetDate} ${plan.language} podcasts of ${plan.topicIds.length} topics`,
      );
    }
  } catch (error) {
    warn(`could not queue the first podcasts: ${(error as Error).message}`);
  } finally {
    await producer.close();
    await transport.close();
    await prisma.$disconnect();
  }
}

function printMail(message: StoredMessage) {
  const write = (line: string) => process.stdout.write(`${mailPrefix}${line}\n`);
  write(`✉ ${bold(message.subject)} → ${message.to.join(', ')}`);
  if (message.links[0]) write(`  link: ${paint(36, message.links[0])}`);
  if (mailbox) write(`  view: ${mailbox.httpUrl}/messages/${message.id}`);
}

/** Paths inside the repo relative to it, others (a temporary data dir) absolute. */
function display(target: string): string {
  const relative = path.relative(ROOT, target);
  return relative.startsWith('..') ? target : relative;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

const started = main();
started.catch((error: unknown) => {
  if (halt.signal.aborted) return; // already stopping; the reason was printed
  fail(`start failed: ${error instanceof Error ? error.message : String(error)}`);
});
