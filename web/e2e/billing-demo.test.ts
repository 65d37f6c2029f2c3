import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { pageScrollWidth } from './page-checks.ts';

// A fresh install has no Stripe keys: the pricing page leads to the labelled demo checkout, whose "Pay"
// sends Stripe's signed events through the real webhook. Then an admin's own view of their access, and
// an install with payments off. English and Chinese, at a desktop and a phone width, axe-clean.

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];
const LANGUAGES = [
  {
    prefix: '',
    demoTitle: 'Demo checkout — no real payment',
    monthly: 'Pro Monthly',
    active: 'Active',
    freePlan: 'Free Plan',
    adminAccess: 'Admin access',
    included: 'Included',
    currentPlan: 'Current plan',
    paymentsOff: 'Payments are not available right now',
  },
  {
    prefix: '/zh',
    demoTitle: '演示结账 — 不会真实付款',
    monthly: 'Pro 月度版',
    active: '生效中',
    freePlan: '免费版',
    adminAccess: '管理员权限',
    included: '已包含',
    currentPlan: '当前方案',
    paymentsOff: '暂时无法付款',
  },
];
const CASES = LANGUAGES.flatMap((language) => VIEWPORTS.map((viewport) => ({ language, viewport })));
const where = (c: (typeof CASES)[number]) => `${c.language.prefix || '/'} at ${c.viewport.width}px`;

/** The page is no wider than the window (nothing to scroll sideways). */
async function expectFits(page: Page, width: number) {
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('the demo checkout on a fresh install', () => {
  for (const c of CASES) {
    const { language: l, viewport } = c;
    it(`a new user pays on the demo page, is Pro, cancels, reactivates and ends it (${where(c)})`, async () => {
      const user = await stack.createUser({ email: uniqueEmail('demo-buyer') });
      const page = await stack.newPage({ viewport });
      await page.goto(`${l.prefix}/auth`);
      await stack.signIn(page, user.email, user.password);

      await page.goto(`${l.prefix}/pricing`);
      await expect.poll(() => page.getByTestId('demo-checkout-notice').textContent()).toContain(l.demoTitle);
      await expectAccessible(page, 'pricing with the demo notice');
      await page.getByTestId('checkout-monthly').click();

      // The demo page, served by the product, in the reader's language.
      await page.waitForURL(
        (url) => url.pathname === `${l.prefix}/pricing` && url.searchParams.has('demo_checkout'),
        { timeout: 15_000 },
      );
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(l.demoTitle);
      await expect.poll(() => page.getByTestId('demo-checkout-plan').textContent()).toBe(l.monthly);
      expect(await page.getByTestId('demo-checkout-price').textContent()).toContain('$4.99');
      await expectAccessible(page, 'demo checkout');
      await expectFits(page, viewport.width);
      expect(
        (await stack.prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).subscriptionType,
      ).toBe('free');

      // "Pay" from the keyboard: back on the profile, Pro Monthly and active.
      await page.getByTestId('demo-checkout-pay').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === `${l.prefix}/profile` && url.search === '?payment=success',
        {
          timeout: 15_000,
        },
      );
      await expect
        .poll(() => page.getByTestId('subscription-plan').textContent(), { timeout: 15_000 })
        .toBe(l.monthly);
      expect(await page.getByTestId('subscription-status').textContent()).toBe(l.active);
      await expect.poll(() => page.getByTestId('payment-history').textContent()).toContain('$4.99');
      const profile = await stack.prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } });
      expect(profile.subscriptionType).toBe('pro');
      // The events came through the webhook route, which stored them after checking their signature.
      const events = await stack.prisma.stripeEvent.findMany({
        where: { payload: { path: ['data', 'object', 'client_reference_id'], equals: user.id } },
      });
      expect(events.map((e) => e.type)).toEqual(['checkout.session.completed']);

      // Cancel (confirmed), reactivate, cancel again, and let the period end (the demo's button).
      await page.getByTestId('cancel-subscription').click();
      await page.getByTestId('confirm-cancel').click();
      await page.getByTestId('cancel-notice').waitFor({ timeout: 15_000 });
      await page.getByTestId('confirm-cancel').waitFor({ state: 'detached' });
      await expectAccessible(page, 'profile with a cancelling demo subscription');
      await expectFits(page, viewport.width);
      await page.getByTestId('reactivate-subscription').click();
      await expect.poll(() => page.getByTestId('cancel-notice').count(), { timeout: 15_000 }).toBe(0);
      await page.getByTestId('cancel-subscription').click();
      await page.getByTestId('confirm-cancel').click();
      await page.getByTestId('demo-end-period').click();
      await expect
        .poll(() => page.getByTestId('free-plan').textContent(), { timeout: 15_000 })
        .toContain(l.freePlan);
      await expect
        .poll(
          async () =>
            (await stack.prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).subscriptionType,
        )
        .toBe('free');
      await page.context().close();
    }, 120_000);
  }

  it('a forged checkout link says so and leads back to pricing (Chinese)', async () => {
    const user = await stack.createUser({ email: uniqueEmail('demo-forged') });
    const page = await stack.newPage({ viewport: VIEWPORTS[1] });
    await page.goto('/zh/auth');
    await stack.signIn(page, user.email, user.password);
    await page.goto('/zh/pricing?demo_checkout=forged.token');
    await expect
      .poll(() => page.getByTestId('demo-checkout-invalid').textContent(), { timeout: 15_000 })
      .toContain('此结账链接无效或已过期');
    await expectAccessible(page, 'demo checkout with a forged link');
    await page.getByRole('link', { name: '返回价格页' }).click();
    await page.waitForURL((url) => url.pathname === '/zh/pricing');
    await page.context().close();
  });
});

describe('a demo checkout link opened signed out', () => {
  it('asks to sign in, then shows the checkout (English, 320px)', async () => {
    const user = await stack.createUser({ email: uniqueEmail('demo-later') });
    const opener = await stack.newPage();
    await stack.signIn(opener, user.email, user.password);
    await opener.goto('/pricing');
    await opener.getByTestId('checkout-annual').click();
    await opener.waitForURL((url) => url.searchParams.has('demo_checkout'), { timeout: 15_000 });
    const link = opener.url();
    await opener.context().close();

    // The narrowest phone: the checkout still fits.
    const page = await stack.newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(link);
    await page.getByTestId('demo-checkout-login').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'demo checkout, signed out');
    await page.getByTestId('demo-checkout-login').getByRole('link').click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('auth-submit').click();
    await expect
      .poll(() => page.getByTestId('demo-checkout-plan').textContent(), { timeout: 15_000 })
      .toBe('Pro Annual');
    await expectFits(page, 320);
    await expectAccessible(page, 'demo checkout at 320px');
    await page.context().close();
  });
});

describe("an admin's own access", () => {
  for (const c of CASES) {
    const { language: l, viewport } = c;
    it(`the profile shows admin access with Pro features, pricing offers nothing to buy (${where(c)})`, async () => {
      const admin = await stack.createUser({ email: uniqueEmail('demo-admin'), role: 'admin' });
      const page = await stack.newPage({ viewport });
      await page.goto(`${l.prefix}/auth`);
      await stack.signIn(page, admin.email, admin.password);

      await page.goto(`${l.prefix}/profile`);
      const access = page.getByTestId('admin-access');
      await expect.poll(() => access.textContent(), { timeout: 15_000 }).toContain(l.adminAccess);
      expect(await access.locator('li').count()).toBeGreaterThan(2);
      const panel = (await page.getByTestId('subscription-panel').textContent()) ?? '';
      expect(panel).not.toContain(l.freePlan);
      expect(panel).not.toContain('$0.00');
      expect(await page.getByTestId('subscription-panel').getByRole('link').count()).toBe(0);
      await expectAccessible(page, 'admin profile');
      await expectFits(page, viewport.width);

      await page.goto(`${l.prefix}/pricing`);
      await page.getByTestId('included-monthly').waitFor({ timeout: 15_000 });
      await page.getByTestId('admin-access').waitFor();
      expect(await page.getByTestId('free-plan-button').textContent()).toBe(l.included);
      expect(await page.getByText(l.currentPlan, { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('checkout-monthly').count()).toBe(0);
      expect(await page.getByTestId('checkout-annual').count()).toBe(0);
      expect(await page.getByTestId('demo-checkout-notice').count()).toBe(0);
      await expectAccessible(page, 'admin pricing');
      await expectFits(page, viewport.width);
      await page.context().close();
    }, 90_000);
  }
});

describe('payments off (as in production without Stripe keys)', () => {
  let off: Stack;
  beforeAll(async () => {
    off = await startStack({ gatewayEnv: { BILLING_DEMO: 'false' } });
  });
  afterAll(async () => {
    await off?.stop();
  });

  for (const c of CASES) {
    const { language: l, viewport } = c;
    it(`pricing and the upgrade dialog say so instead of offering to pay (${where(c)})`, async () => {
      const user = await off.createUser({ email: uniqueEmail('demo-off') });
      const page = await off.newPage({ viewport });
      await page.goto(`${l.prefix}/auth`);
      await off.signIn(page, user.email, user.password);

      await page.goto(`${l.prefix}/pricing`);
      await expect
        .poll(() => page.getByTestId('payments-off-monthly').textContent(), { timeout: 15_000 })
        .toBe(l.paymentsOff);
      expect(await page.getByTestId('payments-off-annual').textContent()).toBe(l.paymentsOff);
      expect(await page.getByTestId('checkout-monthly').count()).toBe(0);
      expect(await page.getByTestId('demo-checkout-notice').count()).toBe(0);
      await expectAccessible(page, 'pricing with payments off');
      await expectFits(page, viewport.width);

      // An older date opens the upgrade dialog: the message, and no way to the plans.
      await page.goto(`${l.prefix}/content-summary?date=${daysAgo(5)}`);
      const dialog = page.getByTestId('upgrade-dialog');
      await dialog.waitFor({ timeout: 15_000 });
      await expect.poll(() => dialog.getByTestId('payments-off').textContent()).toBe(l.paymentsOff);
      expect(await page.getByRole('dialog').getByRole('link').count()).toBe(0);
      await expectAccessible(page, 'upgrade dialog with payments off');
      await page.context().close();
    }, 90_000);
  }
});
