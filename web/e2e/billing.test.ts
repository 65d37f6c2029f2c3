import { type FakeStripe, startFakeStripe } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

const WEBHOOK_SECRET = 'whsec_e2e_billing';
const PRICES = { monthly: 'price_e2e_monthly', annual: 'price_e2e_annual' };

let stripe: FakeStripe;
let stack: Stack;

beforeAll(async () => {
  stripe = await startFakeStripe({
    prices: {
      [PRICES.monthly]: { unit_amount: 499, interval: 'month' },
      [PRICES.annual]: { unit_amount: 4999, interval: 'year' },
    },
  });
  stack = await startStack({
    gatewayEnv: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: PRICES.monthly,
      STRIPE_PRICE_ANNUAL: PRICES.annual,
      STRIPE_API_BASE: stripe.url,
    },
  });
  // The fake's hosted page "pays" and then calls our webhook, signed, the way Stripe does.
  stripe.setWebhook({ url: `${stack.baseUrl}/api/billing/webhook`, secret: WEBHOOK_SECRET });
});
afterAll(async () => {
  await stack?.stop();
  await stripe?.close();
});

describe('billing in the browser', () => {
  it('a free user buys Pro Monthly on /pricing, pays on the checkout page and sees Pro Monthly on /profile', async () => {
    const user = await stack.createUser({ email: uniqueEmail('buyer') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);

    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('price-monthly').textContent()).toBe('$4.99');
    expect(await page.getByTestId('list-price-monthly').textContent()).toBe('$9.99');
    expect(await page.getByTestId('price-annual').textContent()).toBe('$49.99');
    await page.getByTestId('checkout-monthly').click();

    // Off to the (fake) hosted checkout page.
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/cs_test_`), {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the profile after the webhook: Pro Monthly, $4.99 a month, active, paid once.
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?payment=success', {
      timeout: 15_000,
    });
    await expect.poll(() => page.getByTestId('payment-success').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('subscription-plan').textContent(), { timeout: 15_000 })
      .toBe('Pro Monthly');
    expect(await page.getByTestId('subscription-price').textContent()).toBe('$4.99 / month');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('payment-history').textContent()).toContain('$4.99');

    const profile = await stack.prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } });
    expect(profile.subscriptionType).toBe('pro');

    // Cancel (with confirmation): still Pro, with the cancel date shown; then reactivate.
    await page.getByTestId('cancel-subscription').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => page.getByTestId('cancel-notice').isVisible()).toBe(true);
    expect(await page.getByTestId('cancel-notice').textContent()).toMatch(
      /will be canceled on \w+ \d+, \d{4}/,
    );
    await page.getByTestId('reactivate-subscription').click();
    await expect.poll(() => page.getByTestId('cancel-notice').count()).toBe(0);
    await page.context().close();
  });

  it('a visitor who picks a plan is told to log in (Chinese)', async () => {
    const page = await stack.newPage();
    await page.goto('/zh/pricing');
    await expect.poll(() => page.getByText('Pro 月度版').first().isVisible()).toBe(true);
    await page.getByTestId('checkout-annual').click();
    await expect.poll(() => page.getByTestId('login-required').textContent()).toContain('需要登录');
    await page.context().close();
  });

  it('a checkout failure shows the classified notice with a manual retry', async () => {
    const user = await stack.createUser({ email: uniqueEmail('failing') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/pricing');
    // Four rate-limit answers exhaust the gateway's 3 automatic retries (1 s + 2 s + 4 s).
    stripe.failNext(4, 429);
    await page.getByTestId('checkout-annual').click();
    await expect
      .poll(() => page.getByTestId('checkout-failure').getAttribute('data-error'), { timeout: 20_000 })
      .toBe('rate_limit');
    expect(await page.getByTestId('checkout-failure').textContent()).toContain('3 retries left');
    await page.getByTestId('checkout-retry').click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/`), { timeout: 15_000 });
    await page.context().close();
  });
});
