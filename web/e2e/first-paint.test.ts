import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, webDist } from './harness.ts';

// The home page's hero is drawn by a tiny entry of its own (src/first-paint.ts) before the app's code has
// arrived, in the reader's language; the app then replaces it with the full page. Here the app's entry
// is held back, to look at what the reader sees until then.

type ManifestEntry = { file: string; isEntry?: boolean; name?: string };
const dist = webDist;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;
const appEntry = `/${manifest['index.html']!.file}`;
const firstPaintEntry = `/${manifest['src/first-paint.ts']!.file}`;
const en = JSON.parse(readFileSync(new URL('../src/i18n/en.json', import.meta.url), 'utf8')).home;
const zh = JSON.parse(readFileSync(new URL('../src/i18n/zh.json', import.meta.url), 'utf8')).home;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A page whose app entry never arrives (the first-paint entry does). */
async function withoutApp() {
  const page = await stack.newPage();
  await page.route(`**${appEntry}`, (route) => route.abort());
  return page;
}

describe('the home page first paint', () => {
  it('draws the hero in English on / and in Chinese on /zh before the app runs', async () => {
    const page = await withoutApp();
    await page.goto('/');
    await expect.poll(() => page.locator('#root h1').textContent()).toBe(en.heroTitle);
    expect(await page.locator('#root p').textContent()).toBe(en.heroSubtitle);
    await page.goto('/zh');
    await expect.poll(() => page.locator('#root h1').textContent()).toBe(zh.heroTitle);
    expect(await page.locator('#root p').textContent()).toBe(zh.heroSubtitle);
    await page.context().close();
  });

  it('follows the language stored by the language menu on /', async () => {
    const page = await withoutApp();
    // A string: the tests are compiled without the DOM's types.
    await page.addInitScript("window.localStorage.setItem('user-preferred-language', 'zh')");
    await page.goto('/');
    await expect.poll(() => page.locator('#root h1').textContent()).toBe(zh.heroTitle);
    await page.context().close();
  });

  it('is not even downloaded on other pages', async () => {
    const page = await withoutApp();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(scripts).toContain(appEntry);
    expect(scripts).not.toContain(firstPaintEntry);
    await page.context().close();
  });

  it('is replaced by the app: one hero, one header, on the finished page', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('.fp-hero').count()).toBe(0);
    expect(await page.getByTestId('app-header').count()).toBe(1);
    await page.context().close();
  });
});
