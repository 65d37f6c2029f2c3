import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seed } from '@app/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, webDist } from './harness.ts';

// The shell's own parts that only some readers use are fetched when first used, in the built app as
// the gateway serves it: the language menu's popover, the side sheet under 768 px and the toasts'
// container are not part of the first screen's download, and each works once asked for.

type ManifestEntry = { file: string; isDynamicEntry?: boolean };
const dist = webDist;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

const DEFERRED = {
  languageMenu: 'src/features/layout/language-menu-popup.tsx',
  accountMenu: 'src/features/layout/account-menu.tsx',
  sideSheet: 'src/features/layout/nav-sheet.tsx',
  toasts: 'src/features/ui/toast-container.tsx',
};

function chunkOf(source: string): string {
  const entry = manifest[source];
  if (!entry?.isDynamicEntry) throw new Error(`${source} is not a chunk of its own in the build`);
  return `/${entry.file}`;
}

function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the shell parts fetched on first use', () => {
  it('the first screen of / has none of them; the language menu comes with its first click and works', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts = recordScripts(page);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
    await page.waitForLoadState('networkidle');
    for (const [part, source] of Object.entries(DEFERRED))
      expect(scripts.has(chunkOf(source)), `${part} (${chunkOf(source)})`).toBe(false);

    const button = page.getByTestId('language-menu');
    await expect.poll(() => button.getAttribute('aria-haspopup')).toBe('menu');
    await button.click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.waitForURL(/\/zh$/);
    expect(scripts.has(chunkOf(DEFERRED.languageMenu))).toBe(true);
    await page.context().close();
  });

  it('under 768 px the side sheet comes with the first tap on the burger', async () => {
    const page = await stack.newPage({ viewport: { width: 375, height: 800 } });
    const scripts = recordScripts(page);
    await page.goto('/pricing');
    await page.getByTestId('nav-burger').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.has(chunkOf(DEFERRED.sideSheet))).toBe(false);
    await page.getByTestId('nav-burger').click();
    await page.getByTestId('nav-drawer').waitFor();
    expect(scripts.has(chunkOf(DEFERRED.sideSheet))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('nav-drawer').count()).toBe(0);
    await page.context().close();
  });

  it('the toasts container comes with the first toast, which shows', async () => {
    const page = await stack.newPage();
    const scripts = recordScripts(page);
    // The Google sign-in callback's failure lands on /auth with an error, which /auth shows as a toast.
    await page.goto('/auth?error=google_failed');
    await page.locator('.mantine-Notification-root').first().waitFor({ timeout: 15_000 });
    expect(scripts.has(chunkOf(DEFERRED.toasts))).toBe(true);
    await page.context().close();
  });
});
