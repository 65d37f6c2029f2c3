import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// axe-core (WCAG 2.1 A and AA) over the account and consent screens, in both languages, at a
// desktop and the narrowest phone width, in each of their states (forms, errors, dialogs open).

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 320, height: 640 },
];
const PREFIXES = ['', '/zh'];

async function open(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

describe('account and consent screens pass axe-core', () => {
  for (const viewport of WIDTHS) {
    for (const prefix of PREFIXES) {
      const where = `${prefix || '/'} at ${viewport.width}px`;

      it(`sign-in, reset and verify pages (${where})`, async () => {
        const page = await open(viewport, `${prefix}/auth`);
        await expectAccessible(page, 'sign-in');
        // Field errors shown.
        await page.getByTestId('auth-submit').click();
        await expectAccessible(page, 'sign-in with errors');

        await page.goto(`${prefix}/auth/reset`);
        await page.getByTestId('reset-request-submit').waitFor();
        await expectAccessible(page, 'reset request');
        await page.getByTestId('reset-request-submit').click();
        await expectAccessible(page, 'reset request with errors');

        await page.goto(`${prefix}/auth/reset?token=not-a-real-token`);
        await page.getByTestId('reset-confirm-submit').waitFor();
        await expectAccessible(page, 'reset confirm');
        await page.getByTestId('reset-confirm-submit').click();
        await expectAccessible(page, 'reset confirm after submit');

        await page.goto(`${prefix}/auth/verify?token=not-a-real-token`);
        await page.getByTestId('verify-submit').waitFor();
        await expectAccessible(page, 'verify');
        // Field errors shown (no password chosen yet).
        await page.getByTestId('verify-submit').click();
        await expectAccessible(page, 'verify with errors');
        const fields = page.getByTestId('verify-form').locator('input');
        await fields.nth(0).fill('a-good-password');
        await fields.nth(1).fill('a-good-password');
        await page.getByTestId('verify-submit').click();
        await page.getByTestId('verify-invalid').waitFor();
        await expectAccessible(page, 'verify, invalid link');
        await page.context().close();
      });

      it(`newsletter confirm page (${where})`, async () => {
        const page = await open(viewport, `${prefix}/newsletter/confirm?token=forged.token`);
        await page.getByRole('alert').first().waitFor();
        await expectAccessible(page, 'newsletter confirm, invalid link');
        await page.goto(`${prefix}/newsletter/confirm`);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, 'newsletter confirm, no token');
        await page.context().close();
      });

      it(`profile: change password and sign out everywhere (${where})`, async () => {
        const user = await stack.createUser({ email: uniqueEmail('a11y') });
        const page = await stack.newPage({ viewport });
        if (prefix) await page.goto(`${prefix}/`);
        await stack.signIn(page, user.email, user.password);
        await page.goto(`${prefix}/profile`);
        await page.getByTestId('change-password-form').waitFor();
        await expectAccessible(page, 'profile');
        await page.getByTestId('change-password-submit').click();
        await expectAccessible(page, 'profile, change password errors');
        await page.getByTestId('sign-out-everywhere').click();
        await page.getByTestId('sign-out-everywhere-confirm').waitFor();
        await expectAccessible(page, 'profile, sign out everywhere dialog');
        expect(await page.getByRole('dialog').count()).toBe(1);
        await page.context().close();
      });
    }
  }
});
