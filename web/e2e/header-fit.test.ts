import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';

// The navigation bar fits from 320 px to 1920 px in both languages, signed out, as a reader with a
// long email and as an admin with the longest display name and the admin badge: no control clips
// its label or sticks out of the bar, the page never scrolls sideways, the bar passes axe, and its
// controls work by keyboard (burger under 768 px, account menu on tablets, full bar on desktops).

let stack: Stack;
const READER_EMAIL = 'a.reader.with.a.rather-long-address.2026@example.com';
const ADMIN_EMAIL = 'the.administrator.of.daily-curated.2026@example.com';
/** The longest display name the profile accepts (100 characters), in wide letters. */
const ADMIN_NAME = `Wilhelmina ${'W'.repeat(78)} Montgomery`;
const PASSWORD = 'correct-horse';

beforeAll(async () => {
  stack = await startStack();
  await stack.createUser({ email: READER_EMAIL, password: PASSWORD });
  const admin = await stack.createUser({ email: ADMIN_EMAIL, password: PASSWORD, role: 'admin' });
  await stack.prisma.userProfile.update({ where: { id: admin.id }, data: { displayName: ADMIN_NAME } });
});
afterAll(async () => {
  await stack?.stop();
});

const LANGUAGES = [
  { code: 'en', prefix: '', logout: 'Logout', admin: 'Admin' },
  { code: 'zh', prefix: '/zh', logout: '退出登录', admin: '管理员' },
] as const;
const WIDTHS = [320, 768, 1024, 1280, 1920];

type Who = 'signed out' | 'reader' | 'admin';
type Mode = 'sheet' | 'compact' | 'full';

/** Under 768 px the burger; up to 1200 px the account menu; wider, the name and logout in the bar. */
function modeAt(width: number): Mode {
  return width < 768 ? 'sheet' : width < 1200 ? 'compact' : 'full';
}

// e2e code compiles without the DOM library: the callbacks run in the page reach it through these.
type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
type PageNode = {
  tagName: string;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  closest(selector: string): PageNode | null;
  matches(selector: string): boolean;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
};
type PageGlobals = {
  innerWidth: number;
  document: {
    querySelector(selector: string): PageNode | null;
    activeElement: PageNode | null;
    documentElement: { scrollWidth: number };
  };
  getComputedStyle(node: PageNode): {
    textOverflow: string;
    overflowX: string;
    display: string;
    visibility: string;
  };
};

/**
 * What is wrong with the box matching `selector`: a control or a clipping box whose content is wider
 * than it (a cut label; an ellipsis is fine when a tooltip holds the whole text), anything drawn
 * outside the box or the window, or a page that scrolls sideways.
 */
function overflowIn(selector: string): string[] {
  const page = globalThis as unknown as PageGlobals;
  const root = page.document.querySelector(selector);
  if (!root) return [`nothing matches ${selector}`];
  const bounds = root.getBoundingClientRect();
  const label = (node: PageNode) =>
    `<${node.tagName.toLowerCase()}${node.getAttribute('data-testid') ? ` ${node.getAttribute('data-testid')}` : ''}> "${(node.textContent ?? '').trim().slice(0, 40)}"`;
  const problems: string[] = [];
  for (const node of Array.from(root.querySelectorAll('*'))) {
    const style = page.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const isControl = node.matches('a, button, input, select, [tabindex]');
    const clips = style.overflowX !== 'visible';
    if ((isControl || clips) && node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1) {
      const text = (node.textContent ?? '').trim();
      const tooltip = node.closest('[title]')?.getAttribute('title');
      if (!(style.textOverflow === 'ellipsis' && tooltip === text)) {
        problems.push(`${label(node)} is clipped: ${node.scrollWidth}px of content in ${node.clientWidth}px`);
      }
    }
    // A 1 px box (a visually hidden label) is not drawn.
    if (box.width > 1 && box.height > 1) {
      const outside =
        box.left < Math.max(bounds.left, 0) - 1 ||
        box.right > Math.min(bounds.right, page.innerWidth) + 1 ||
        box.top < bounds.top - 1 ||
        box.bottom > bounds.bottom + 1;
      if (outside) {
        problems.push(
          `${label(node)} sticks out: ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)} in ${Math.round(bounds.left)}–${Math.round(bounds.right)} × ${Math.round(bounds.top)}–${Math.round(bounds.bottom)}`,
        );
      }
    }
  }
  if (page.document.documentElement.scrollWidth > page.innerWidth) {
    problems.push(
      `the page scrolls sideways: ${page.document.documentElement.scrollWidth}px in ${page.innerWidth}px`,
    );
  }
  return problems;
}

/** The focused element, as its test id, else its accessible label, else its text. */
function focused(): string {
  const node = (globalThis as unknown as PageGlobals).document.activeElement;
  if (!node) return '';
  const inHeader = node.closest('[data-testid="app-header"]') ? 'header:' : '';
  return `${inHeader}${node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? (node.textContent ?? '').trim()}`;
}

async function modeShown(page: Page): Promise<Mode | 'unsettled'> {
  const header = page.getByTestId('app-header');
  if (await header.getByTestId('nav-burger').count()) return 'sheet';
  if (await header.getByTestId('nav-account-menu').count()) return 'compact';
  if (await header.getByTestId('nav-profile').count()) return 'full';
  return 'unsettled';
}

async function resize(page: Page, width: number, who: Who) {
  await page.setViewportSize({ width, height: 800 });
  if (who === 'signed out') {
    await expect.poll(() => page.getByTestId('nav-burger').count()).toBe(width < 768 ? 1 : 0);
  } else {
    await expect.poll(() => modeShown(page), { message: `layout at ${width}px` }).toBe(modeAt(width));
  }
}

async function expectHeaderAccessible(page: Page, label: string) {
  expect(await axeViolations(page, { include: ['[data-testid="app-header"]'] }), label).toEqual([]);
}

async function pageFor(who: Who, prefix: string): Promise<Page> {
  const page = await stack.newPage({ viewport: { width: 1280, height: 800 } });
  if (who !== 'signed out') {
    await stack.signIn(page, who === 'admin' ? ADMIN_EMAIL : READER_EMAIL, PASSWORD);
  }
  await page.goto(prefix || '/');
  await page.getByTestId('nav-logo').waitFor();
  if (who !== 'signed out') await page.getByTestId('nav-profile').waitFor();
  else
    await page
      .getByTestId('app-header')
      .getByRole('link', { name: /Login|登录/ })
      .waitFor();
  return page;
}

describe.each(LANGUAGES)('the navigation bar ($code)', (language) => {
  for (const who of ['signed out', 'reader', 'admin'] as const) {
    it(`fits and passes axe at ${WIDTHS.join(', ')} px, ${who}`, async () => {
      const page = await pageFor(who, language.prefix);
      for (const width of WIDTHS) {
        await resize(page, width, who);
        const where = `${who}, ${language.code}, ${width}px`;
        await expect
          .poll(() => page.evaluate(overflowIn, '[data-testid="app-header"]'), { message: where })
          .toEqual([]);
        await expectHeaderAccessible(page, where);
        if (width < 768) {
          // The side sheet holds the same items; they fit in it too.
          await page.getByTestId('nav-burger').click();
          await page.getByTestId('nav-drawer').waitFor();
          await expect
            .poll(() => page.evaluate(overflowIn, '[data-testid="nav-drawer"]'), {
              message: `${where}, side sheet`,
            })
            .toEqual([]);
          await page.keyboard.press('Escape');
          await expect.poll(() => page.getByTestId('nav-drawer').count()).toBe(0);
        }
      }
      if (who === 'admin') {
        const badge = page.getByTestId('app-header').getByTestId('admin-badge');
        expect(await badge.textContent()).toBe(language.admin);
        // The cut name carries the whole name in its tooltip.
        expect(await page.getByTestId('nav-profile').getAttribute('title')).toBe(ADMIN_NAME);
      }
      await page.context().close();
    });
  }

  it('fits at every width from 320 to 1920 px for an admin with the longest name', async () => {
    const page = await pageFor('admin', language.prefix);
    const widths = [767, 768, 1199, 1200];
    for (let width = 320; width <= 1920; width += 40) widths.push(width);
    for (const width of widths.sort((a, b) => a - b)) {
      await resize(page, width, 'admin');
      await expect
        .poll(() => page.evaluate(overflowIn, '[data-testid="app-header"]'), { message: `${width}px` })
        .toEqual([]);
    }
    await page.context().close();
  });
});

/** Presses Tab until focus has left the bar (or `limit` presses), recording each stop. */
async function tabThroughHeader(page: Page, limit = 20): Promise<string[]> {
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } })
      .document;
    doc.activeElement?.blur?.();
  });
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(focused);
    if (!stop.startsWith('header:') && stops.some((s) => s.startsWith('header:'))) break;
    stops.push(stop);
  }
  return stops.filter((stop) => stop.startsWith('header:')).map((stop) => stop.slice('header:'.length));
}

describe.each(LANGUAGES)('the navigation bar by keyboard ($code)', (language) => {
  it('reaches the language menu, the profile and logout on a desktop', async () => {
    const page = await pageFor('admin', language.prefix);
    await resize(page, 1280, 'admin');
    const stops = await tabThroughHeader(page);
    expect(stops[0]).toBe('nav-logo');
    const order = ['language-menu', 'nav-profile', language.logout].map((stop) => stops.indexOf(stop));
    expect(
      order.every((index) => index > 0),
      stops.join(' → '),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // The language menu opens from the keyboard and Escape gives focus back to its button.
    await page.getByTestId('language-menu').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await page.evaluate(focused)).toBe('header:language-menu');
    await page.context().close();
  });

  it('reaches the language menu and login when signed out', async () => {
    const page = await pageFor('signed out', language.prefix);
    const stops = await tabThroughHeader(page);
    const login = stops.findIndex((stop) => /Login|登录/.test(stop));
    expect(stops.indexOf('language-menu'), stops.join(' → ')).toBeGreaterThan(0);
    expect(login).toBeGreaterThan(stops.indexOf('language-menu'));
    await page.context().close();
  });

  it('opens the account menu on a tablet and logs out from it', async () => {
    const page = await pageFor('reader', language.prefix);
    await resize(page, 1024, 'reader');
    const stops = await tabThroughHeader(page);
    expect(stops.indexOf('nav-account-menu'), stops.join(' → ')).toBeGreaterThan(
      stops.indexOf('language-menu'),
    );
    await page.getByTestId('nav-account-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: language.logout }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await page.evaluate(focused)).toBe('header:nav-account-menu');

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: language.logout }).waitFor();
    // The arrow keys move through the menu's items: the profile, then logout.
    for (let i = 0; i < 4 && (await page.evaluate(focused)) !== language.logout; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await page.evaluate(focused)).toBe(language.logout);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('nav-account-menu').count()).toBe(0);
    await page.context().close();
  });

  it('opens the side sheet with the burger, and Escape closes it and returns focus to the burger', async () => {
    const page = await pageFor('admin', language.prefix);
    await resize(page, 320, 'admin');
    const stops = await tabThroughHeader(page);
    expect(stops, stops.join(' → ')).toContain('nav-burger');
    await page.getByTestId('nav-burger').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('nav-drawer').waitFor();
    // Focus moves into the sheet, and Tab reaches the language menu, the profile and logout there.
    const inSheet: string[] = [];
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      inSheet.push(await page.evaluate(focused));
    }
    for (const stop of ['language-menu', 'nav-profile', language.logout]) {
      expect(inSheet, inSheet.join(' → ')).toContain(stop);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('nav-drawer').count()).toBe(0);
    await expect.poll(() => page.evaluate(focused)).toBe('header:nav-burger');
    await page.context().close();
  });
});
