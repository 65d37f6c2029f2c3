import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits for the page's finite CSS transitions and animations to end (a dialog fading in, a toast
 * sliding in): mid-fade, text and its background are blended and axe would measure colours the
 * reader never sees for more than a moment. Endless ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // A string: this file is type-checked without the DOM library, and the browser runs it as it is.
  // Mantine starts a transition a frame or two after the element appears, so wait for frames before
  // looking, and look again until none is left running (at most 5 s).
  await page.evaluate(`(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  })()`);
}

/** What the builder evaluates in a page that already holds axe-core: nothing. */
const ALREADY_LOADED = 'void 0';

/**
 * Whether axe-core is already in the page from an earlier check of the same document (a dialog
 * opened, another width). The builder otherwise evaluates its 1.4 MB source twice on every check,
 * about a third of a check's time. Only a page without frames counts: a frame that appeared since
 * would have no axe-core to answer the page's.
 */
async function axeLoaded(page: Page): Promise<boolean> {
  if (page.frames().length !== 1) return false;
  return (
    (await page.evaluate('typeof window.axe === "object" && typeof window.axe.run === "function"')) === true
  );
}

/** Which part of the page to check, by selector (all of it when neither is given). */
export type AxeScope = { include?: string[]; exclude?: string[] };

/**
 * The WCAG 2.1 A/AA violations axe-core finds on the page as it is, one line each (empty when it
 * passes). axe runs inside the page itself (legacy mode): the default mode finishes every check in a
 * blank page of its own, which costs more than the check. Only violations are collected, not the
 * nodes that pass; axe-core is loaded once per document (see axeLoaded). `exclude` must name a
 * frame sandboxed without scripts (an email preview): axe runs inside every frame it checks and
 * would wait for it forever.
 */
export async function axeViolations(
  page: Page,
  { include = [], exclude = [] }: AxeScope = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page, ...((await axeLoaded(page)) ? { axeSource: ALREADY_LOADED } : {}) })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_AA_TAGS);
  for (const selector of include) builder.include(selector);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.html.slice(0, 160)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/** Runs axe-core on the settled page (see settleAnimations) and fails on any WCAG 2.1 A/AA violation, naming each. */
export async function expectAccessible(page: Page, label: string, exclude: string[] = []): Promise<void> {
  await settleAnimations(page);
  expect(await axeViolations(page, { exclude }), `${label} at ${page.url()}`).toEqual([]);
}
