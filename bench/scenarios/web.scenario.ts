import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { hashPassword, type PrismaClient, seed } from '@app/db';
import { freePort } from '@app/testing';
import { chromium, type Page } from 'playwright-core';
import { benchDatabase } from '../lib/database.ts';
import { startGatewayProcess, type startProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Screens as a visitor, then as a signed-in admin (who may open every screen). */
const VISITOR_ROUTES = [
  '/',
  '/zh',
  '/content-summary',
  '/pricing',
  '/blog',
  '/blog/how-we-pick-sources',
  '/topics/engineering',
  '/daily-podcast',
  '/other-youtube-sources',
  '/auth',
];
const SIGNED_IN_ROUTES = ['/profile', '/content-generator', '/content-history', '/admin'];

type Chunk = { raw: number; gzip: number };

/**
 * The web app's initial JavaScript per route: a production build (in a scratch directory, so the
 * web/dist other runs use is left alone) served by the gateway, each route loaded in headless
 * Chromium, and the JavaScript it requested before the load event summed (gzip level 9 of the bytes
 * served, as Vite reports it). No goal is set for it: the figures are informational.
 */
export const webScenario: Scenario = {
  name: 'web',
  description: 'initial JavaScript (gzip) per route of the production web build, loaded in Chromium',
  async run(context) {
    const dist = await mkdtemp(path.join(tmpdir(), 'bench-web-'));
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_web');
    let gateway: Awaited<ReturnType<typeof startProcess>> | undefined;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      context.log('vite build (no source maps) into a scratch directory');
      await viteBuild(path.join(context.repoRoot, 'web'), dist);
      await seed(db.prisma);
      const admin = await createAdmin(db.prisma);
      const port = await freePort();
      gateway = await startGatewayProcess({
        repoRoot: context.repoRoot,
        redisUrl: context.redisUrl,
        databaseUrl: db.url,
        port,
        env: { WEB_DIST_DIR: dist },
      });
      const base = `http://127.0.0.1:${port}`;
      const chunks = new Map<string, Chunk>();
      const measured: { route: string; files: number; chunk: Chunk }[] = [];

      const visitor = await browser.newContext({ baseURL: base });
      const signedIn = await browser.newContext({ baseURL: base });
      // The refresh cookie lands in the context's jar; the app then restores the session on boot.
      const login = await signedIn.request.post('/api/auth/login', { data: admin });
      if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
      for (const [browserContext, routes] of [
        [visitor, VISITOR_ROUTES],
        [signedIn, SIGNED_IN_ROUTES],
      ] as const) {
        const page = await browserContext.newPage();
        for (const route of routes) {
          const files = await initialScripts(page, route);
          let raw = 0;
          let gzip = 0;
          for (const [url, body] of files) {
            const chunk = chunks.get(url) ?? { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
            chunks.set(url, chunk);
            raw += chunk.raw;
            gzip += chunk.gzip;
          }
          if (new URL(page.url()).pathname !== route)
            throw new Error(`${route} ended at ${page.url()} (signed-in screens need the session)`);
          measured.push({ route, files: files.size, chunk: { raw, gzip } });
        }
        await page.close();
      }

      const manifest = await entryClosure(dist);
      context.log(
        `entry and its static imports (manifest): ${kib(manifest.gzip)} KiB gzip, ${kib(manifest.raw)} KiB raw`,
      );
      return [
        ...measured.map(
          ({ route, files, chunk }): Figure => ({
            scenario: 'web',
            figure: `initial JS, ${route} (${files} files, ${kib(chunk.raw)} KiB raw)`,
            value: chunk.gzip / 1024,
            unit: 'KiB gzip',
          }),
        ),
        {
          scenario: 'web',
          figure: 'entry chunk + static imports (Vite manifest), shared by every route',
          value: manifest.gzip / 1024,
          unit: 'KiB gzip',
        },
      ];
    } finally {
      await browser.close();
      await gateway?.stop();
      await db.drop();
      await rm(dist, { recursive: true, force: true });
    }
  },
};

const kib = (bytes: number) => (bytes / 1024).toFixed(0);

/** Loads a route; the scripts requested before the load event, by URL, with the bytes served. */
async function initialScripts(page: Page, route: string): Promise<Map<string, Buffer>> {
  let loaded = false;
  const pending: Promise<[string, Buffer] | null>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (loaded || response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => [response.url(), body] as [string, Buffer],
        () => null,
      ),
    );
  };
  const onLoad = () => {
    loaded = true;
  };
  page.on('response', onResponse);
  page.once('load', onLoad);
  try {
    await page.goto(route, { waitUntil: 'load' });
    loaded = true;
    // Let the app finish booting (its session refresh rotates the refresh cookie) before moving on: a
    // navigation that cut that answer off would present a spent token next time and sign the user out.
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((entry) => entry !== null);
    return new Map(files);
  } finally {
    page.off('response', onResponse);
    page.off('load', onLoad);
  }
}

async function viteBuild(webDir: string, outDir: string): Promise<void> {
  const vite = path.join(webDir, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'false'];
  const child = spawn(process.execPath, [...args, '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build failed (${code}): ${stderr}`);
}

/** The entry chunk and everything it imports statically, from Vite's manifest. */
async function entryClosure(dist: string): Promise<Chunk> {
  type Entry = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Entry
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  let raw = 0;
  let gzip = 0;
  for (const key of seen) {
    const body = await readFile(path.join(dist, manifest[key]!.file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

async function createAdmin(prisma: PrismaClient): Promise<{ email: string; password: string }> {
  const email = 'bench-admin@example.com';
  const password = 'bench-password';
  await prisma.user.create({
    data: {
      email,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: new Date(),
      profile: { create: { role: 'admin', subscriptionType: 'pro' } },
    },
  });
  return { email, password };
}
