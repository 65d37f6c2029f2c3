import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { seed } from '@app/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail, webDist } from './harness.ts';

// Route-level code splitting, in the built app as the gateway serves it: a visitor on a public page
// never downloads the signed-in screens' code (admin, generator, history, profile) nor their strings,
// nor the other language's strings; an admin who opens /admin gets its chunk then, with the route's
// pending screen showing while it is on its way.

type ManifestEntry = { file: string; imports?: string[]; isDynamicEntry?: boolean; src?: string };
const dist = webDist;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

/** The file Vite built for a source module (a route's lazily loaded page, a string file), as a URL path. */
function chunkOf(source: string): string {
  const entry = manifest[source];
  if (!entry)
    throw new Error(`${source} is not a chunk of its own in the build (web/dist/.vite/manifest.json)`);
  return `/${entry.file}`;
}

const SIGNED_IN_SCREENS = {
  admin: 'src/features/admin/admin-page.tsx',
  generator: 'src/features/generation/content-generator-page.tsx',
  history: 'src/features/content-history/content-history-page.tsx',
  profile: 'src/features/profile/profile-page.tsx',
};
const SIGNED_IN_STRINGS = [
  'src/features/admin/locales/en.json',
  'src/features/generation/locales/en.json',
  'src/features/content-history/locales/en.json',
];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** Every script the page asks for from now on (pathnames), and every other request's pathname. */
function recordRequests(page: Page): { scripts: Set<string>; all: Set<string> } {
  const scripts = new Set<string>();
  const all = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    all.add(pathname);
    if (request.resourceType() === 'script') scripts.add(pathname);
  });
  return { scripts, all };
}

describe('route-level code splitting', () => {
  it('the build has a chunk of its own for each signed-in screen, and a file for each string file', () => {
    for (const source of Object.values(SIGNED_IN_SCREENS))
      expect(manifest[source]?.isDynamicEntry, source).toBe(true);
    for (const source of [...SIGNED_IN_STRINGS, 'src/i18n/zh.json', 'src/i18n/en.json']) {
      expect(manifest[source]?.file, source).toMatch(/^assets\/.+\.json$/);
    }
  });

  it('a visitor on / and /pricing downloads none of the signed-in screens, nor their strings, nor Chinese', async () => {
    const page = await stack.newPage();
    const { scripts, all } = recordRequests(page);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    await page.waitForLoadState('networkidle');
    expect(scripts.has(chunkOf('src/features/home/home-page.tsx')), 'the home page chunk').toBe(true);
    expect(scripts.has(chunkOf('src/features/pricing/pricing-page.tsx')), 'not the pricing chunk yet').toBe(
      false,
    );

    // Then to /pricing, through the navigation bar as a reader would.
    await page.locator('a[href="/pricing"]').first().click();
    await page.waitForURL(/\/pricing$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.has(chunkOf('src/features/pricing/pricing-page.tsx')), 'the pricing chunk').toBe(true);

    // And a cold load of /pricing itself.
    await page.goto('/pricing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');

    for (const [screen, source] of Object.entries(SIGNED_IN_SCREENS)) {
      expect(scripts.has(chunkOf(source)), `${screen} chunk (${chunkOf(source)})`).toBe(false);
    }
    expect(all.has(chunkOf('src/i18n/en.json')), 'the English strings').toBe(true);
    for (const source of [...SIGNED_IN_STRINGS, 'src/i18n/zh.json', 'src/features/content/locales/zh.json']) {
      expect(all.has(chunkOf(source)), source).toBe(false);
    }
    await page.context().close();
  });

  it('a Chinese reader downloads the Chinese strings and not the English ones', async () => {
    const page = await stack.newPage();
    const { all } = recordRequests(page);
    await page.goto('/zh');
    await expect
      .poll(() => page.getByTestId('topic-count').first().textContent(), { timeout: 15_000 })
      .toMatch(/\d+ 条内容/);
    await page.waitForLoadState('networkidle');
    expect(all.has(chunkOf('src/i18n/zh.json'))).toBe(true);
    expect(all.has(chunkOf('src/features/content/locales/zh.json'))).toBe(true);
    expect(all.has(chunkOf('src/i18n/en.json'))).toBe(false);
    expect(all.has(chunkOf('src/features/content/locales/en.json'))).toBe(false);
    await page.context().close();
  });

  it('an admin opening /admin gets its chunk then, with the pending screen while it is on its way', async () => {
    const admin = await stack.createUser({ email: uniqueEmail('split-admin'), role: 'admin', plan: 'pro' });
    const page = await stack.newPage();
    await stack.signIn(page, admin.email, admin.password);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    await page.waitForLoadState('networkidle');
    const { scripts, all } = recordRequests(page);
    const adminChunk = chunkOf(SIGNED_IN_SCREENS.admin);
    // Signed in, but the admin screen's code is still not downloaded on the home page.
    expect(scripts.has(adminChunk)).toBe(false);

    // The admin chunk takes three seconds: longer than the router waits before showing its pending screen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(`**${adminChunk}`, async (route) => {
      held = true;
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 3000))]);
      await route.continue();
    });
    await page.locator('a[href="/admin"]').first().click();
    await page.getByTestId('route-pending').waitFor({ timeout: 10_000 });
    expect(held, 'the admin chunk was asked for').toBe(true);
    await expect.poll(() => page.getByTestId('route-pending').getByText('Loading...').isVisible()).toBe(true);
    // (Away from the nav link just clicked: its hover colours are the navigation bar's own matter.)
    await page.mouse.move(0, 400);
    await expectAccessible(page, 'route pending screen');
    release();

    await page.getByTestId('admin-page').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(scripts.has(adminChunk)).toBe(true);
    expect(all.has(chunkOf('src/features/admin/locales/en.json'))).toBe(true);
    expect(await page.getByTestId('route-pending').count()).toBe(0);
    await page.context().close();
  });

  it('strings that cannot be fetched show the route error screen, whose retry brings the page', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    // The strings of /blog cannot be fetched (as on a dropped connection) until the connection is back.
    const blogStrings = chunkOf('src/features/blog/locales/en.json');
    let online = false;
    let failures = 0;
    await page.route(`**${blogStrings}`, async (route) => {
      if (online) return route.continue();
      failures += 1;
      return route.abort('connectionreset');
    });
    await page.locator('a[href="/blog"]').first().click();
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 });
    await page.mouse.move(0, 400);
    await expectAccessible(page, 'route error screen');
    expect(failures).toBeGreaterThan(0);
    online = true;
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Blog');
    expect(await page.getByRole('alert').getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.context().close();
  });

  it('React DOM is fetched with the entry but runs after it, in a task of its own', async () => {
    // main.tsx imports react-dom/client dynamically; index.html preloads it (web/vite-preload-chunk.ts).
    const key = Object.keys(manifest).find((k) => /[\\/]react-dom[\\/]client\.js$/.test(k));
    expect(key, 'react-dom/client is a dynamically imported chunk').toBeDefined();
    expect(manifest[key!]!.isDynamicEntry).toBe(true);
    const entryClosure = new Set<string>();
    const visit = (k: string) => {
      if (entryClosure.has(k)) return;
      entryClosure.add(k);
      for (const next of manifest[k]?.imports ?? []) visit(next);
    };
    visit('index.html');
    const reactDomFiles = [key!, ...(manifest[key!]!.imports ?? [])]
      .filter((k) => !entryClosure.has(k))
      .map((k) => `/${manifest[k]!.file}`);
    expect(reactDomFiles.length, 'React DOM is not among the entry’s static imports').toBeGreaterThan(0);
    const page = await stack.newPage();
    const html = await (await page.request.get('/pricing')).text();
    for (const href of reactDomFiles)
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${href}">`);
    // And the app draws with it.
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('app-header').count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  });

  it('the CommonJS module wrappers are function expressions, which V8 compiles with their chunk', () => {
    // web/vite-function-wrappers.ts: a parenthesised arrow function would be parsed with the chunk but
    // compiled on its first call, on the main thread (React DOM's: its whole 200 KB again).
    const key = Object.keys(manifest).find((k) => /[\\/]react-dom[\\/]client\.js$/.test(k))!;
    const files = [key, ...(manifest[key]!.imports ?? [])].map((k) => manifest[k]!.file);
    const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    expect(code.match(/\(\(function\([\w$,]*\)\{/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(code).not.toMatch(/\(\((\([\w$,]*\)|[\w$]+)=>\{/);
  });

  it('the chunks that run as the app starts ask V8 to compile them whole, on their first line', () => {
    // web/vite-function-wrappers.ts (compileHints): vendor, React DOM and the shell.
    const byName = (name: string) =>
      Object.values(manifest).filter((entry) => path.basename(entry.file).startsWith(`${name}-`));
    for (const name of ['vendor', 'react-dom', 'shell']) {
      const chunks = byName(name).filter((entry) => entry.file.endsWith('.js'));
      expect(chunks.length, name).toBe(1);
      const code = readFileSync(path.join(dist, chunks[0]!.file), 'utf8');
      expect(code.split('\n')[0], name).toBe('//# allFunctionsCalledOnLoad');
    }
    // Not the screens' own chunks, most of whose code waits for a click.
    const home = readFileSync(path.join(dist, manifest['src/features/home/home-page.tsx']!.file), 'utf8');
    expect(home).not.toContain('allFunctionsCalledOnLoad');
  });

  it('assets come precompressed and cached for a year; the page itself is revalidated', async () => {
    const page = await stack.newPage();
    // The largest script the entry loads (the entry itself is a few lines importing the shell).
    const entry = Object.values(manifest).find((chunk) => (chunk as { isEntry?: boolean }).isEntry)!;
    const scripts = [entry.file, ...(entry.imports ?? []).map((key) => manifest[key]!.file)];
    const largest = scripts.reduce((a, b) =>
      statSync(path.join(dist, a)).size >= statSync(path.join(dist, b)).size ? a : b,
    );
    const asset = await page.request.get(`/${largest}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await page.request.get('/pricing', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
    await page.context().close();
  });
});
