import { seed } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';

// The home page's start-up comes after its first paint, so its long tasks count against the page's
// blocking time: the app's first commit draws the hero and only placeholders for the sections under
// it, which are drawn after it, one per idle moment. Recorded in the built app as the gateway serves
// it, by what the DOM holds when the app's hero first appears (the commit that inserted it is one
// task; a mutation observer sees its end state).

/** Runs in the page before the app: records the DOM at the app hero's arrival, and the layout shifts. */
const RECORD_FIRST_COMMIT = `(() => {
  const record = { atHero: null, shifts: 0 };
  window.__homeFirstCommit = record;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="home-hero"]')) return;
    observer.disconnect();
    record.atHero = {
      deferred: [...document.querySelectorAll('[data-deferred]')].map((element) => element.getAttribute('data-deferred')),
      newsletter: document.querySelectorAll('[data-testid="newsletter-signup"]').length,
      topicCards: document.querySelectorAll('[data-testid="topic-cards"]').length,
      header: document.querySelectorAll('[data-testid="app-header"]').length,
    };
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) record.shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

type Recorded = {
  atHero: { deferred: string[]; newsletter: number; topicCards: number; header: number } | null;
  shifts: number;
};

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await seed(stack.prisma, {});
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the home page first commit', () => {
  for (const route of ['/', '/zh']) {
    it(`${route}: draws the hero and header first, then the newsletter box, topic cards and call to action, without moving the page`, async () => {
      const page = await stack.newPage({ viewport: { width: 1280, height: 720 } });
      await page.addInitScript(RECORD_FIRST_COMMIT);
      await page.goto(route);
      await expect
        .poll(() => page.evaluate<Recorded['atHero']>('window.__homeFirstCommit.atHero'), { timeout: 15_000 })
        .not.toBeNull();
      const { atHero } = await page.evaluate<Recorded>('window.__homeFirstCommit');
      expect(atHero).toEqual({
        deferred: ['newsletter', 'topic-cards', 'browse'],
        newsletter: 0,
        topicCards: 0,
        header: 1,
      });

      // Then the sections, each in place of its placeholder.
      await expect.poll(() => page.getByTestId('topic-card').count(), { timeout: 15_000 }).toBe(5);
      expect(await page.getByTestId('newsletter-signup').count()).toBe(1);
      await expect.poll(() => page.locator('[data-deferred]').count()).toBe(0);
      await expect
        .poll(() => page.locator('[data-testid="topic-cards"] + * a[href*="content-summary"]').count())
        .toBe(1);
      // Placeholders of the sections' heights: nothing in view moved when they were drawn.
      expect((await page.evaluate<Recorded>('window.__homeFirstCommit')).shifts).toBeLessThan(0.01);
      await page.context().close();
    });
  }
});
