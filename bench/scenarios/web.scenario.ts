import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type PrismaClient, seed } from '@app/db';
import { seedUser } from '@app/testing';
import { freePort } from '@app/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { benchDatabase } from '../lib/database.ts';
import { type GatewayProcess, startGatewayProcess } from '../lib/process.ts';
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
  '/zh/blog/how-we-pick-sources',
  '/topics/engineering',
  '/daily-podcast',
  '/other-youtube-sources',
  '/auth',
];
const SIGNED_IN_ROUTES = ['/profile', '/content-generator', '/content-history', '/admin'];

/** The public pages a first visit lands on: the tighter budget. */
const PUBLIC_BUDGET_KIB = 160;
const PUBLIC_BUDGET = [
  /^\/$/,
  /^\/zh$/,
  /^(\/zh)?\/pricing$/,
  /^(\/zh)?\/blog(\/.*)?$/,
  /^(\/zh)?\/topics\/.+$/,
];
/** Any other screen. */
const ROUTE_BUDGET_KIB = 220;

/** The real-browser loads: home, the summaries, a blog post. */
const VITALS_ROUTES = ['/', '/content-summary', '/blog/how-we-pick-sources'];
/**
 * BENCH_WEB_VITALS=/content-summary,/blog/… measures only those routes' vitals (no page weights, no
 * DevTools preset run): a quicker loop while working on one page. Its figures are not a run's.
 */
const VITALS_ONLY = process.env.BENCH_WEB_VITALS?.split(',').filter(Boolean);
const VITALS_RUNS = 5;
const LCP_GOAL_MS = 2500;
const TBT_GOAL_MS = 300;
/** Cumulative Layout Shift: the first paint's hero replaced by the app's, sections drawn after it. */
const CLS_GOAL = 0.1;
/**
 * Each measured page's goals: the home page's, the same for the summaries page, and a blog post's
 * LCP (the public-pages issue); a figure without a goal is reported only.
 */
const VITALS_GOALS: Record<string, { lcp?: number; tbt?: number; cls?: number }> = {
  '/': { lcp: LCP_GOAL_MS, tbt: TBT_GOAL_MS, cls: CLS_GOAL },
  '/content-summary': { lcp: LCP_GOAL_MS, tbt: TBT_GOAL_MS, cls: CLS_GOAL },
  '/blog/how-we-pick-sources': { lcp: 2000 },
};

/**
 * The network: Lighthouse's mobile throttling figures (its `mobileSlow4G` preset, the one DevTools
 * long called "Fast 3G"): 150 ms RTT, 1.6 Mbps down, 750 Kbps up, applied as they are through the
 * DevTools protocol (latency per request, which is one round trip on the gateway's keep-alive
 * connections). Lighthouse's and DevTools' own *applied* throttling adds a 3.75× latency and 0.9×
 * throughput factor to stand for connection set-up (DNS, TCP, TLS) that the simulated figures count
 * separately; that stricter profile is measured too, for `/`, and reported without a goal.
 */
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const DEVTOOLS_FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
type NetworkProfile = typeof FAST_3G;
const CPU_SLOWDOWN = 4;

type Size = { raw: number; gzip: number };
type ManifestEntry = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestEntry>;

/**
 * The web app's initial JavaScript per route: a production build (in a scratch directory, so the
 * web/dist other runs use is left alone) served by the gateway. Each route is loaded in headless
 * Chromium to see which chunks its first screen asks for (the entry, then the route's own chunks and
 * string files the router fetches once the entry runs); the figure is what Vite's manifest says
 * those chunks and their static imports weigh, the way the browser loads them (gzip level 9 of the
 * bytes, as Vite reports it). The browser's own list must equal the manifest's.
 *
 * Then the first screens' Largest Contentful Paint and Total Blocking Time in Chromium under Fast 3G
 * and a 4× slower CPU, cold cache, median of five loads.
 */
export const webScenario: Scenario = {
  name: 'web',
  description: 'initial JavaScript (gzip) per route of the production web build, and LCP/TBT in Chromium',
  async run(context) {
    const dist = await mkdtemp(path.join(tmpdir(), 'bench-web-'));
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_web');
    let gateway: GatewayProcess | undefined;
    const launch = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    let browser = await launch();
    try {
      context.log('vite build (no source maps) into a scratch directory');
      await viteBuild(path.join(context.repoRoot, 'web'), dist);
      const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
      const sizes = await chunkSizes(dist, manifest);
      // The app's entry, which every page loads; the home page's first-paint entry counts where it is asked for.
      const entry = staticClosure(manifest, ['index.html']);
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
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      const measured: { route: string; files: number; size: Size }[] = [];

      const visitor = await browser.newContext({ baseURL: base });
      const signedIn = await browser.newContext({ baseURL: base });
      // The refresh cookie lands in the context's jar; the app then restores the session on boot.
      const login = await signedIn.request.post('/api/auth/login', { data: admin });
      if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
      for (const [browserContext, routes] of [
        [visitor, VISITOR_ROUTES],
        [signedIn, SIGNED_IN_ROUTES],
      ] as const) {
        if (VITALS_ONLY) break;
        for (const route of routes) {
          // A page of its own each time: modules already loaded are not asked for again.
          const page = await browserContext.newPage();
          const requested = await firstScreenScripts(page, route);
          if (new URL(page.url()).pathname !== route)
            throw new Error(`${route} ended at ${page.url()} (signed-in screens need the session)`);
          await page.close();
          const keys = requested.map((url) => {
            const key = keyOfFile.get(new URL(url).pathname.slice(1));
            if (!key) throw new Error(`${route} asked for ${url}, which is not in the build's manifest`);
            return key;
          });
          // The route's own chunks: what the browser asked for beyond the entry and its static imports.
          const own = keys.filter((key) => !entry.has(key));
          const closure = staticClosure(manifest, [...entry, ...own]);
          const unexpected = [...closure].filter((key) => !keys.includes(key));
          if (unexpected.length)
            context.log(
              `${route}: the manifest has static imports the browser did not ask for: ${unexpected}`,
            );
          const size = sum([...closure].map((key) => sizes.get(key)!));
          measured.push({ route, files: closure.size, size });
        }
      }
      await visitor.close();
      await signedIn.close();
      // The vitals in a browser of their own, as a first visit is: the thirty pages above leave
      // renderers behind that take CPU from the throttled loads (about 150 ms more TBT on `/`).
      await browser.close();
      browser = await launch();

      const vitals: Figure[] = [];
      for (const route of VITALS_ONLY ?? VITALS_ROUTES) {
        const runs: Vitals[] = [];
        for (let run = 0; run < VITALS_RUNS; run += 1)
          runs.push(await throttledLoad(browser, `${base}${route}`));
        const lcp = median(runs.map((r) => r.lcp));
        const tbt = median(runs.map((r) => r.tbt));
        const cls = median(runs.map((r) => r.cls));
        context.log(
          `${route}: LCP ${runs.map((r) => r.lcp.toFixed(0)).join(' / ')} ms, TBT ${runs
            .map((r) => r.tbt.toFixed(0))
            .join(' / ')} ms, FCP ${runs.map((r) => r.fcp.toFixed(0)).join(' / ')} ms, CLS ${runs
            .map((r) => r.cls.toFixed(3))
            .join(' / ')}; LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`,
        );
        const goals = VITALS_GOALS[route] ?? {};
        vitals.push(
          {
            scenario: 'web',
            figure: `LCP, ${route} (Fast 3G 150 ms RTT 1.6 Mbps, 4× CPU, cold cache, median of ${VITALS_RUNS})`,
            value: lcp,
            unit: 'ms',
            ...(goals.lcp !== undefined ? { goal: `≤ ${goals.lcp} ms`, pass: lcp <= goals.lcp } : {}),
          },
          {
            scenario: 'web',
            figure: `TBT, ${route} (Fast 3G 150 ms RTT 1.6 Mbps, 4× CPU, cold cache, median of ${VITALS_RUNS})`,
            value: tbt,
            unit: 'ms',
            ...(goals.tbt !== undefined ? { goal: `≤ ${goals.tbt} ms`, pass: tbt <= goals.tbt } : {}),
          },
          {
            scenario: 'web',
            figure: `CLS, ${route} (same loads, median of ${VITALS_RUNS})`,
            value: cls,
            unit: '',
            ...(goals.cls !== undefined ? { goal: `≤ ${goals.cls}`, pass: cls <= goals.cls } : {}),
          },
        );
      }

      if (!VITALS_ONLY) {
        const runs: Vitals[] = [];
        for (let run = 0; run < VITALS_RUNS; run += 1)
          runs.push(await throttledLoad(browser, `${base}/`, DEVTOOLS_FAST_3G));
        context.log(
          `/ under DevTools' applied preset: LCP ${runs.map((r) => r.lcp.toFixed(0)).join(' / ')} ms`,
        );
        vitals.push({
          scenario: 'web',
          figure: `LCP, / (DevTools' applied Fast 3G: 562.5 ms per request, 4× CPU, median of ${VITALS_RUNS})`,
          value: median(runs.map((r) => r.lcp)),
          unit: 'ms',
        });
      }

      const entrySize = sum([...entry].map((key) => sizes.get(key)!));
      context.log(
        `entry and its static imports: ${kib(entrySize.gzip)} KiB gzip, ${kib(entrySize.raw)} KiB raw`,
      );
      return [
        ...measured.map(({ route, files, size }): Figure => {
          const budget = PUBLIC_BUDGET.some((pattern) => pattern.test(route))
            ? PUBLIC_BUDGET_KIB
            : ROUTE_BUDGET_KIB;
          const value = size.gzip / 1024;
          return {
            scenario: 'web',
            figure: `initial JS, ${route} (${files} files, ${kib(size.raw)} KiB raw)`,
            value,
            unit: 'KiB gzip',
            goal: `≤ ${budget} KiB`,
            pass: value <= budget,
          };
        }),
        {
          scenario: 'web',
          figure: `entry chunk + static imports (Vite manifest), shared by every route (${entry.size} files)`,
          value: entrySize.gzip / 1024,
          unit: 'KiB gzip',
        },
        ...vitals,
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
const sum = (sizes: Size[]): Size =>
  sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), {
    raw: 0,
    gzip: 0,
  });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Loads a route; the scripts its first screen asked for, in order. The route's chunks come after the
 * load event (the router asks for them once the entry runs), so this waits for the network to be idle:
 * the first screen is then drawn.
 */
async function firstScreenScripts(page: Page, route: string): Promise<string[]> {
  const urls: string[] = [];
  const onRequest = (request: import('playwright-core').Request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  };
  page.on('request', onRequest);
  try {
    await page.goto(route, { waitUntil: 'load' });
    // The app's first render first: on a busy machine the network can be quiet while the entry still
    // evaluates, before the router has asked for the route's chunks.
    // React has drawn into #root (it replaces the server's reading view, and on / the first-paint hero).
    await page.waitForSelector('#root > :not(style, .fp-bar, .fp-hero, [data-page-body])', {
      state: 'attached',
    });
    // Let the app finish booting (its session refresh rotates the refresh cookie) before moving on: a
    // navigation that cut that answer off would present a spent token next time and sign the user out.
    await page.waitForLoadState('networkidle');
    return [...new Set(urls)];
  } finally {
    page.off('request', onRequest);
  }
}

/** The chunks and every chunk they import statically (what the browser fetches before running them). */
function staticClosure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Each JavaScript chunk's size, raw and gzip level 9. */
async function chunkSizes(dist: string, manifest: Manifest): Promise<Map<string, Size>> {
  const sizes = new Map<string, Size>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const body = await readFile(path.join(dist, chunk.file));
    sizes.set(key, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return sizes;
}

/** `lcpElement`: the largest paint's element (tag, test id or class, size), to see what to speed up. */
type Vitals = { lcp: number; tbt: number; fcp: number; cls: number; lcpElement: string };

/** Records paints, layout shifts (the sum, as CLS over a page this short) and long tasks from the start of the page (buffered observers see the earliest). */
const VITALS_SCRIPT = `(() => {
  const vitals = { lcp: 0, fcp: 0, cls: 0, longTasks: [], lcpElement: '', shifts: [] };
  window.__vitals = vitals;
  const name = (el) => {
    if (!el || !el.tagName) return 'gone';
    const id = el.getAttribute('data-testid') || el.id || String(el.className || '').split(' ')[0];
    return el.tagName.toLowerCase() + (id ? '.' + id : '');
  };
  const describe = (el, size) => name(el) + ' ' + size + ' px²';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
      vitals.lcpElement = describe(entry.element, entry.size);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      vitals.cls += entry.value;
      // What moved, from where to where in the viewport (BENCH_WEB_TIMELINE prints it).
      const moved = (entry.sources || []).map((source) => {
        const from = source.previousRect, to = source.currentRect;
        return name(source.node) + ' y ' + Math.round(from.y) + '→' + Math.round(to.y) + ', height ' + Math.round(from.height) + '→' + Math.round(to.height);
      });
      vitals.shifts.push(Math.round(entry.startTime) + ' ms ' + entry.value.toFixed(3) + ': ' + moved.join('; '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** Quiet: the network idle and no long task for this long (Lighthouse's TTI window is 5 s). */
const QUIET_MS = 5000;
const LOAD_TIMEOUT_MS = 60_000;

/**
 * One cold load in a fresh browser context under Fast 3G and a 4× slower CPU (through the DevTools
 * protocol). LCP is the last largest-contentful-paint entry; TBT sums, over the long tasks from the
 * first contentful paint until the page is quiet, the part of each beyond 50 ms.
 */
async function throttledLoad(
  browser: Browser,
  url: string,
  network: NetworkProfile = FAST_3G,
): Promise<Vitals> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(VITALS_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    // Wait until no long task has started for QUIET_MS (or give up after the timeout).
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    for (;;) {
      // A string, evaluated in the page (the bench is compiled without the DOM's types).
      const { now, lastTaskEnd } = await page.evaluate<{ now: number; lastTaskEnd: number }>(
        `(() => { const last = window.__vitals.longTasks.at(-1); return { now: performance.now(), lastTaskEnd: last ? last[0] + last[1] : 0 }; })()`,
      );
      if (now - lastTaskEnd >= QUIET_MS || Date.now() > deadline) break;
      await page.waitForTimeout(500);
    }
    const vitals = await page.evaluate<{
      lcp: number;
      fcp: number;
      cls: number;
      longTasks: [number, number][];
      lcpElement: string;
    }>('window.__vitals');
    if (!vitals.lcp) throw new Error(`${url}: no largest-contentful-paint entry`);
    // BENCH_WEB_TIMELINE=1: when each file of the load started and ended, and the long tasks (ms).
    if (process.env.BENCH_WEB_TIMELINE) {
      const files = await page.evaluate<string[]>(
        `performance.getEntriesByType('resource').map((e) => Math.round(e.startTime) + '–' + Math.round(e.responseEnd) + ' ms ' + Math.round(e.transferSize / 1024) + ' KiB ' + e.name.replace(location.origin, ''))`,
      );
      const shifts = await page.evaluate<string[]>('window.__vitals.shifts');
      const tasks = vitals.longTasks.map(
        ([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`,
      );
      process.stdout.write(
        `  timeline of ${url} (FCP ${Math.round(vitals.fcp)}, LCP ${Math.round(vitals.lcp)} ms)\n    ${files.join('\n    ')}\n    long tasks: ${tasks.join(' ')}\n    layout shifts: ${shifts.join(' | ') || 'none'}\n`,
      );
    }
    let tbt = 0;
    for (const [start, duration] of vitals.longTasks) {
      const end = start + duration;
      if (end <= vitals.fcp) continue;
      // Only the part after FCP counts, as Lighthouse does.
      const counted = end - Math.max(start, vitals.fcp);
      tbt += Math.max(0, counted - 50);
    }
    await cdp.detach();
    return { lcp: vitals.lcp, tbt, fcp: vitals.fcp, cls: vitals.cls, lcpElement: vitals.lcpElement };
  } finally {
    await context.close();
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

async function createAdmin(prisma: PrismaClient): Promise<{ email: string; password: string }> {
  const { email, password } = await seedUser(prisma, {
    email: 'bench-admin@example.com',
    role: 'admin',
    plan: 'pro',
  });
  return { email, password };
}
