import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// What a reader notices on a phone and in Chinese: the generator and history pages keep their content
// off the screen's edges at 375 px, and the date pickers of the Chinese pages name months and weekdays
// in Chinese. The changed screens pass axe in both languages, at 1280 and 375 px.

let stack: Stack;
let pro: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  pro = await stack.createUser({ email: uniqueEmail('padding-pro'), plan: 'pro' });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
/** The least room between the content and either side of the screen. */
const MARGIN = 12;

async function signedIn(viewport: { width: number; height: number }, zh = false): Promise<Page> {
  const page = await stack.newPage({ viewport });
  if (zh) await page.goto('/zh');
  await stack.signIn(page, pro.email, pro.password);
  return page;
}

/** The left and right edges of each block of the page (the page container's children). */
function blockEdges(page: Page, testId: string) {
  // Browser-side code as source text (the e2e files are type-checked without DOM types).
  return page.evaluate<{ left: number; right: number; tag: string }[]>(`
    [...document.querySelector('[data-testid="${testId}"]').children]
      .map((el) => ({ rect: el.getBoundingClientRect(), tag: el.tagName + '.' + el.className }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ rect, tag }) => ({ left: rect.left, right: rect.right, tag }))
  `);
}

describe('generator and history at 375 px', () => {
  for (const [path, testId] of [
    ['/content-generator', 'content-generator'],
    ['/content-history', 'content-history'],
  ] as const) {
    it(`${path}: every block has side room, nothing scrolls sideways`, async () => {
      const page = await signedIn(PHONE);
      await page.goto(path);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const edges = await blockEdges(page, testId);
      expect(edges.length).toBeGreaterThan(1);
      for (const edge of edges) {
        expect(edge.left, `${edge.tag} left`).toBeGreaterThanOrEqual(MARGIN);
        expect(edge.right, `${edge.tag} right`).toBeLessThanOrEqual(PHONE.width - MARGIN);
      }
      expect(
        await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        ),
      ).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }

  for (const viewport of [DESKTOP, PHONE]) {
    for (const prefix of ['', '/zh']) {
      it(`generator and history pass axe (${prefix || '/'} at ${viewport.width}px)`, async () => {
        const page = await signedIn(viewport, prefix === '/zh');
        for (const [path, testId] of [
          ['/content-generator', 'content-generator'],
          ['/content-history', 'content-history'],
        ] as const) {
          await page.goto(`${prefix}${path}`);
          await page.getByTestId(testId).waitFor({ timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          await expectAccessible(page, `${prefix}${path}`);
        }
        await page.context().close();
      });
    }
  }
});

describe('date pickers under /zh', () => {
  /** The calendar's month heading and weekday names, as shown. */
  async function calendarWords(page: Page) {
    const calendar = page.locator('.mantine-DatePicker-levelsGroup').first();
    await calendar.waitFor({ timeout: 15_000 });
    return {
      heading:
        (await calendar.locator('.mantine-DatePicker-calendarHeaderLevel').first().textContent()) ?? '',
      weekdays: await calendar.locator('.mantine-DatePicker-weekday').allTextContents(),
    };
  }

  it('the summaries’ date filter names months and weekdays in Chinese (and in English under /)', async () => {
    const page = await stack.newPage({ viewport: PHONE });
    await page.goto('/zh/content-summary');
    // On a phone the filter card starts closed, its button says so, and opens it from the keyboard.
    const toggle = page.getByTestId('summary-filters-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('date-filter').isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('date-filter').click();
    await page.getByTestId('date-popup').waitFor({ timeout: 15_000 });
    const zh = await calendarWords(page);
    expect(zh.heading).toMatch(/^[一二三四五六七八九十]+月 \d{4}$/);
    expect(zh.weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await expectAccessible(page, 'Chinese date filter open');

    await page.goto('/content-summary');
    await page.getByTestId('summary-filters-toggle').click();
    await page.getByTestId('date-filter').click();
    await page.getByTestId('date-popup').waitFor({ timeout: 15_000 });
    const en = await calendarWords(page);
    expect(en.heading).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    expect(en.weekdays).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await expectAccessible(page, 'English date filter open');
    await page.context().close();
  });

  it('the daily podcast’s date filter too', async () => {
    const page = await signedIn(DESKTOP, true);
    await page.goto('/zh/daily-podcast');
    await page.getByTestId('podcast-date-filter').click();
    const zh = await calendarWords(page);
    expect(zh.heading).toMatch(/^[一二三四五六七八九十]+月 \d{4}$/);
    expect(zh.weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await expectAccessible(page, 'Chinese podcast date filter open');
    await page.context().close();
  });
});
