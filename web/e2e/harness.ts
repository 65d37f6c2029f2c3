import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '@app/db';
import {
  cleanupPrefix,
  createTestDatabase,
  freePort,
  liftedLimitsEnv,
  type ServiceName,
  type SmtpCapture,
  seedUser,
  startProduct,
  startSmtpCapture,
  testTransportOptions,
  uniqueEmail,
  type WorkerName,
} from '@app/testing';

export { uniqueEmail };
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/** The built web app the stack serves: web/dist, or E2E_WEB_DIST (a build made with WEB_OUT_DIR). */
export const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * The browser the tests drive: Chromium's headless shell when it is installed (Debian's
 * chromium-headless-shell: no browser interface to draw, about a quarter less CPU per file than
 * Chromium's own headless mode), else Chromium; E2E_CHROMIUM names another.
 */
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Chromium per test worker. The browser files of a worker share this module (the e2e project
 * does not isolate them), so each file's stack reuses the browser the first one launched instead of
 * starting its own; a stack's pages live in browser contexts of its own (own cookies and storage),
 * which its stop() closes. Playwright closes the browser when the worker exits; one that crashed is
 * launched again by the next stack.
 */
let sharedBrowser: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  if (!sharedBrowser) {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    sharedBrowser = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (sharedBrowser === launching) sharedBrowser = undefined;
        }),
      () => {
        if (sharedBrowser === launching) sharedBrowser = undefined;
      },
    );
  }
  return sharedBrowser;
}

/** The stack's database, queue namespace and SMTP sink. */
export type StackContext = {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  prisma: PrismaClient;
  smtpUrl: string;
  publicUrl: string;
};

/** A worker service the stack runs beside the gateway and the mailer, with its own variables. */
export type StackWorker = { service: WorkerName; env?: Record<string, string> };

export type StackOptions = {
  /**
   * Runs the mailer (its mails land in `smtp`): for the files that read mail. A file given `mailerEnv` gets
   * it too; the others leave their mail jobs queued (the queue prefix goes with the stack).
   */
  mailer?: boolean;
  /** Extra worker services. */
  workers?: StackWorker[];
  /** Extra gateway environment (e.g. Stripe settings). */
  gatewayEnv?: Record<string, string>;
  /** Extra mailer environment (e.g. the gateway's UNSUBSCRIBE_SECRET, which also signs confirmation links). */
  mailerEnv?: Record<string, string>;
  /**
   * Runs the podcast worker with this speech engine ('espeak-wasm' needs no program on the PATH), its
   * audio in a storage folder of the stack's own that the gateway serves from and stop() removes.
   */
  podcastEngine?: 'espeak' | 'espeak-wasm';
};

/** A `workers` entry: the content-generation worker, its model (the default one) the fake OpenAI server at `baseURL`. */
export function contentGenerationWorker(baseURL: string): StackWorker {
  return { service: 'content-generation', env: { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'test-key' } };
}

export type NewUser = { email: string; password?: string; role?: 'user' | 'admin'; plan?: 'free' | 'pro' };

export type Stack = StackContext & {
  baseUrl: string;
  smtp: SmtpCapture;
  /** The podcast worker's storage folder (with `podcastEngine` only). */
  storageDir?: string;
  /** The worker's browser, shared with other files' stacks: make pages with newPage. */
  browser: Browser;
  createUser(user: NewUser): Promise<{ id: string; email: string; password: string }>;
  /** A page in its own browser context (own cookies and storage). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Signs in through the /auth form and waits until the app has left it. */
  signIn(page: Page, email: string, password: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The real product for a browser: a fresh database, the compiled gateway (serving the built web app) and,
 * on request, the mailer and other workers as their own processes, as production runs them (`startProduct` of @app/testing, which the fault,
 * scale and bench runs use too), the mails in an SMTP capture, and Debian's Chromium.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const db = await createTestDatabase();
  const storageDir = options.podcastEngine ? await mkdtemp(path.join(tmpdir(), 'e2e-storage-')) : undefined;
  const { redisUrl, prefix } = testTransportOptions(db.url);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const context: StackContext = {
    databaseUrl: db.url,
    redisUrl,
    prefix,
    prisma: db.prisma,
    smtpUrl: smtp.url,
    publicUrl: baseUrl,
  };
  const workers = [...(options.workers ?? [])];
  if (storageDir && options.podcastEngine)
    workers.push({ service: 'podcast', env: { PODCAST_TTS_ENGINE: options.podcastEngine } });
  const own: Partial<Record<ServiceName, Record<string, string>>> = {
    gateway: options.gatewayEnv,
    mailer: options.mailerEnv,
    ...Object.fromEntries(workers.map((worker) => [worker.service, worker.env])),
  };
  let product: Awaited<ReturnType<typeof startProduct>>;
  try {
    product = await startProduct(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        PUBLIC_URL: baseUrl,
        JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
        WEB_DIST_DIR: webDist,
        // One process serves the port: a browser file drives one page at a time, and the cluster's
        // extra workers would double each file's start-up CPU (the cluster has tests of its own).
        GATEWAY_WORKERS: '1',
        SMTP_URL: smtp.url,
        // Each browser test signs in many times as the same few users.
        LOGIN_RATE_LIMIT: '1000',
        ...liftedLimitsEnv(prefix),
        ...(storageDir ? { STORAGE_DIR: storageDir } : {}),
      },
      {
        build: 'dist',
        services: [
          'gateway',
          ...(options.mailer || options.mailerEnv ? (['mailer'] as const) : []),
          ...workers.map((worker) => worker.service),
        ],
        ports: { gateway: port },
        envOf: (name) => own[name] ?? {},
      },
    );
  } catch (error) {
    await smtp.close();
    await db.drop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
    throw error;
  }
  const browser = await workerBrowser();
  // This stack's browser contexts: its pages' cookies and storage, closed with it.
  const contexts = new Set<BrowserContext>();

  return {
    ...context,
    baseUrl,
    smtp,
    storageDir,
    browser,
    async createUser(user) {
      const { id, email, password } = await seedUser(db.prisma, user);
      return { id, email, password };
    },
    async newPage(contextOptions) {
      const browserContext = await browser.newContext({ baseURL: baseUrl, ...contextOptions });
      contexts.add(browserContext);
      browserContext.on('close', () => contexts.delete(browserContext));
      return browserContext.newPage();
    },
    async signIn(page, email, password) {
      const zh = new URL(page.url() === 'about:blank' ? baseUrl : page.url()).pathname.startsWith('/zh');
      await page.goto(zh ? '/zh/auth' : '/auth');
      await page.getByLabel(zh ? '邮箱' : 'Email').fill(email);
      await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(password);
      await page.getByTestId('auth-submit').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/auth'), { timeout: 15_000 });
    },
    async stop() {
      await Promise.all([...contexts].map((browserContext) => browserContext.close().catch(() => undefined)));
      await product.stop();
      await smtp.close();
      await cleanupPrefix(prefix);
      await db.drop();
      if (storageDir) await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * Holds back the page's requests matching `url` (a Playwright glob) until `release` is called: what
 * a screen shows while its data is on the way.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Where the page's footer starts, from the top of the screen (px). */
export const footerTop = (page: Page) =>
  page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
