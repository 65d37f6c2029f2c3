import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';
import { expectFitsAt320, tabTo } from './page-checks.ts';

// Forgot password, the verification page, change password and sign out everywhere, as a user does
// them: in English and Chinese, from the keyboard where it matters, and at 320 px wide.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ mailer: true });
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: {
    prefix: '',
    email: 'Email',
    forgot: 'Forgot password?',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    current: 'Current password',
    sent: 'If an account exists for this address',
    resetDone: 'Your password has been changed',
    invalid: 'invalid or has expired',
    wrongCurrent: 'The current password is not correct',
    changed: 'Password changed',
    resendSent: 'we have sent it a new link',
    cooldown: 'Please wait a minute',
    signOutEverywhere: 'Sign out everywhere',
    choosePassword: 'Choose the password for this account',
    verifyPassword: 'Password',
    verifyConfirm: 'Confirm password',
  },
  zh: {
    prefix: '/zh',
    email: '邮箱',
    forgot: '忘记密码？',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    current: '当前密码',
    sent: '如果此邮箱地址对应一个账户',
    resetDone: '您的密码已更改',
    invalid: '无效或已过期',
    wrongCurrent: '当前密码不正确',
    changed: '密码已修改',
    resendSent: '我们已向其发送新的验证链接',
    cooldown: '请等待一分钟',
    signOutEverywhere: '在所有设备上退出',
    choosePassword: '请为此账户设置密码',
    verifyPassword: '密码',
    verifyConfirm: '确认密码',
  },
} as const;

const linkIn = (text: string, page: 'verify' | 'reset') =>
  text.match(new RegExp(`https?://\\S+/auth/${page}\\?token=\\S+`))?.[0];

const signedIn = (page: Page) => page.getByTestId('nav-profile').count();

describe.each(['en', 'zh'] as const)('accounts (%s)', (language) => {
  const t = texts[language];

  it('resets a forgotten password from the emailed link and signs every device out', async () => {
    const user = await stack.createUser({ email: uniqueEmail(`reset-${language}`) });
    // Another browser where the account is signed in (the one the user worries about).
    const elsewhere = await stack.newPage();
    await elsewhere.goto(`${t.prefix}/`);
    await stack.signIn(elsewhere, user.email, user.password);
    await expect.poll(() => signedIn(elsewhere)).toBeGreaterThan(0);

    const page = await stack.newPage();
    await page.goto(`${t.prefix}/auth`);
    await page.getByRole('link', { name: t.forgot }).click();
    await page.waitForURL((url) => url.pathname === `${t.prefix}/auth/reset`);
    await expectFitsAt320(page);
    await page.getByLabel(t.email).fill(user.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('reset-request-outcome').textContent()).toContain(t.sent);

    const mail = await stack.smtp.waitForMessage((m) => m.to.includes(user.email), 20_000);
    if (language === 'zh') expect(mail.subject).toBe('重置您的每日精选密码');
    const link = linkIn(mail.text, 'reset');
    expect(new URL(link!).pathname).toBe(`${t.prefix}/auth/reset`);

    await page.goto(link!);
    await expectFitsAt320(page);
    await page.getByLabel(t.newPassword, { exact: true }).fill('fresh-password-1');
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('fresh-password-2');
    await page.getByTestId('reset-confirm-submit').click();
    // A mismatch is caught before anything is sent.
    await expect
      .poll(() => page.getByText(language === 'en' ? 'do not match' : '不一致').isVisible())
      .toBe(true);
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('fresh-password-1');
    await tabTo(page, 'reset-confirm-submit', 25);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('reset-done').textContent()).toContain(t.resetDone);

    // The other browser is signed out at its next refresh (a reload here).
    await elsewhere.reload();
    await expect.poll(() => signedIn(elsewhere)).toBe(0);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel(t.newPassword, { exact: true }).fill('another-password');
    await page.getByLabel(t.confirmPassword, { exact: true }).fill('another-password');
    await page.getByTestId('reset-confirm-submit').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(t.invalid);
    await expect.poll(() => page.getByTestId('reset-invalid').isVisible()).toBe(true);

    await stack.signIn(page, user.email, 'fresh-password-1');
    await expect.poll(() => signedIn(page)).toBeGreaterThan(0);
    await elsewhere.context().close();
    await page.context().close();
  });

  it('verifies only when the page form is sent, with the password chosen there, and offers a new email for a dead link', async () => {
    const email = uniqueEmail(`verify-${language}`);
    const registered = await fetch(`${stack.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'verify-me-123', language }),
    });
    expect(registered.status).toBe(201);
    const mail = await stack.smtp.waitForMessage((m) => m.to.includes(email), 20_000);
    const link = linkIn(mail.text, 'verify')!;
    expect(new URL(link).pathname).toBe(`${t.prefix}/auth/verify`);

    // Opening (and rendering) the page, as a link scanner would, verifies nothing.
    const page = await stack.newPage();
    await page.goto(link);
    await expect.poll(() => page.getByTestId('verify-submit').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(t.choosePassword).isVisible()).toBe(true);
    await expectFitsAt320(page);
    const user = await stack.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();

    // The verifier chooses the password, from the keyboard: too short and mismatched are caught first.
    await page.getByLabel(t.verifyPassword, { exact: true }).focus();
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText(language === 'en' ? 'at least 6' : '至少需要 6').isVisible())
      .toBe(true);
    await page.getByLabel(t.verifyPassword, { exact: true }).fill('chosen-on-the-page');
    await page.getByLabel(t.verifyConfirm, { exact: true }).fill('chosen-on-the-pagE');
    await tabTo(page, 'verify-submit', 25);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText(language === 'en' ? 'do not match' : '不一致').isVisible())
      .toBe(true);
    expect((await stack.prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
    await page.getByLabel(t.verifyConfirm, { exact: true }).fill('chosen-on-the-page');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === (t.prefix || '/'), { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(email);
    expect((await stack.prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();
    // The password chosen on the page signs in; the one the address was registered with no longer does.
    const loginStatus = async (password: string) =>
      (
        await fetch(`${stack.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status;
    expect(await loginStatus('verify-me-123')).toBe(401);
    expect(await loginStatus('chosen-on-the-page')).toBe(200);

    // The same link again: dead, and the page offers a new email instead (cooldown on the second ask).
    const again = await stack.newPage();
    await again.goto(link);
    await again.getByLabel(t.verifyPassword, { exact: true }).fill('another-password');
    await again.getByLabel(t.verifyConfirm, { exact: true }).fill('another-password');
    await again.getByTestId('verify-submit').click();
    await expect.poll(() => again.getByTestId('verify-invalid').textContent()).toContain(t.invalid);
    await expectFitsAt320(again);
    await again.getByLabel(t.email).fill(uniqueEmail('nobody'));
    const form = again.getByTestId('resend-verification-form');
    await again.getByTestId('resend-submit').click();
    await expect.poll(() => form.textContent()).toContain(t.resendSent);
    await again.getByTestId('resend-submit').click();
    await expect.poll(() => form.textContent()).toContain(t.cooldown);
    await page.context().close();
    await again.context().close();
  });

  it('changes the password on the profile page (current one required) and keeps this device signed in', async () => {
    const user = await stack.createUser({ email: uniqueEmail(`change-${language}`) });
    const elsewhere = await stack.newPage();
    await elsewhere.goto(`${t.prefix}/`);
    await stack.signIn(elsewhere, user.email, user.password);
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/`);
    await stack.signIn(page, user.email, user.password);
    await page.goto(`${t.prefix}/profile`);
    const form = page.getByTestId('change-password-form');
    await expect.poll(() => form.isVisible()).toBe(true);
    await expectFitsAt320(page);

    await page.getByLabel(t.current, { exact: true }).fill('not-my-password');
    await form.getByLabel(t.newPassword, { exact: true }).fill('changed-password');
    await form.getByLabel(t.confirmPassword, { exact: true }).fill('changed-password');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => form.textContent()).toContain(t.wrongCurrent);

    await page.getByLabel(t.current, { exact: true }).fill(user.password);
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.getByText(t.changed).first().isVisible()).toBe(true);

    await elsewhere.reload();
    await expect.poll(() => signedIn(elsewhere)).toBe(0);
    await page.reload();
    await expect.poll(() => signedIn(page)).toBeGreaterThan(0);
    await elsewhere.context().close();
    await page.context().close();
  });

  it('signs out everywhere, this device included, after a confirmation', async () => {
    const user = await stack.createUser({ email: uniqueEmail(`everywhere-${language}`) });
    const elsewhere = await stack.newPage();
    await elsewhere.goto(`${t.prefix}/`);
    await stack.signIn(elsewhere, user.email, user.password);
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/`);
    await stack.signIn(page, user.email, user.password);
    await page.goto(`${t.prefix}/profile`);

    await tabTo(page, 'sign-out-everywhere', 60);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectFitsAt320(page);
    await page.getByTestId('sign-out-everywhere-confirm').click();
    await page.waitForURL((url) => url.pathname === (t.prefix || '/'), { timeout: 15_000 });
    await expect.poll(() => signedIn(page)).toBe(0);

    await elsewhere.reload();
    await expect.poll(() => signedIn(elsewhere)).toBe(0);
    await page.goto(`${t.prefix}/profile`);
    await page.waitForURL((url) => url.pathname === `${t.prefix}/auth`);
    await elsewhere.context().close();
    await page.context().close();
  });
});
