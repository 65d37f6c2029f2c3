import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// This file is type-checked without the DOM library: the callbacks run in the page reach it through
// globalThis (inline: page.evaluate sends only the callback's own source).
type PageDocument = {
  activeElement: { getAttribute(name: string): string | null } | null;
  documentElement: { scrollWidth: number };
};

/** The data-testid of the element that has the focus, or null when it has none. */
export const focusedTestId = (page: Page): Promise<string | null> =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: PageDocument }).document.activeElement?.getAttribute(
        'data-testid',
      ) ?? null,
  );

/** The page's own width: wider than the window means a sideways scroll. */
export const pageScrollWidth = (page: Page): Promise<number> =>
  page.evaluate(
    () => (globalThis as unknown as { document: PageDocument }).document.documentElement.scrollWidth,
  );

/**
 * Presses Tab until the element with this test id has the focus: it is reachable from the keyboard.
 * It waits for the element to be drawn first (a slow answer is not what this checks); throws when it
 * has not got the focus after `maxPresses` presses.
 */
export async function tabTo(page: Page, testId: string, maxPresses = 80): Promise<void> {
  await page.getByTestId(testId).first().waitFor();
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedTestId(page)) === testId) return;
  }
  throw new Error(`${testId} not reached with the Tab key`);
}

/**
 * Nothing sticks out sideways at 320 px (WCAG 1.4.10 reflow): at 320 × 640 the page becomes no wider
 * than the window. `whileNarrow` checks more at that width; then the earlier viewport comes back
 * (1280 × 720 when the page had none).
 */
export async function expectFitsAt320(page: Page, whileNarrow?: () => Promise<void>): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => pageScrollWidth(page)).toBeLessThanOrEqual(320);
  await whileNarrow?.();
  await page.setViewportSize(before);
}
