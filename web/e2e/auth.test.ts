import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

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
    password: 'Password',
    confirmPassword: 'Confirm password',
    registerSuccess: 'Check your inbox',
    logout: 'Logout',
    notFound: 'Oops! Page not found',
    home: 'Return to Home',
  },
  zh: {
    prefix: '/zh',
    email: '邮箱',
    password: '密码',
    confirmPassword: '确认密码',
    registerSuccess: '请查收邮件',
    logout: '退出登录',
    notFound: '哎呀！页面未找到',
    home: '返回首页',
  },
} as const;

describe.each(['en', 'zh'] as const)('sign-up and sign-in through /auth (%s)', (language) => {
  const t = texts[language];

  it('registers, verifies through the emailed link, signs out and signs back in', async () => {
    const email = uniqueEmail(`e2e-${language}`);
    const password = 'a-good-password';
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/auth`);
    await page.getByTestId('auth-mode-toggle').click();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByTestId('auth-submit').click();
    await expect.poll(() => page.getByText(t.registerSuccess).first().isVisible()).toBe(true);

    // The verification email arrives over SMTP, in the user's language.
    const mail = await stack.smtp.waitForMessage((m) => m.to.includes(email), 20_000);
    if (language === 'zh') expect(mail.subject).toMatch(/[\u4e00-\u9fff]/);
    const link = mail.text.match(/https?:\/\/\S+\/auth\/verify\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(new URL(link!).pathname).toBe(`${t.prefix}/auth/verify`);

    // The link opens the verify page, where the user types the password again; verifying signs them in
    // and lands on the home page.
    await page.goto(link!);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByLabel(t.confirmPassword, { exact: true }).fill(password);
    await page.getByTestId('verify-submit').click();
    await page.waitForURL((url) => url.pathname === (t.prefix || '/'), { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(email);

    await page.getByRole('button', { name: t.logout }).click();
    await expect.poll(() => page.getByTestId('nav-profile').count()).toBe(0);

    await stack.signIn(page, email, password);
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(email);
    expect(new URL(page.url()).pathname).toBe(t.prefix || '/');
    await page.context().close();
  });

  it('refuses a wrong password with the spec message', async () => {
    const user = await stack.createUser({ email: uniqueEmail(`wrong-${language}`) });
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/auth`);
    await page.getByLabel(t.email).fill(user.email);
    await page.getByLabel(t.password, { exact: true }).fill('not-the-password');
    await page.getByTestId('auth-submit').click();
    const message = language === 'en' ? 'Invalid email or password' : /邮箱或密码/;
    await expect.poll(() => page.getByText(message).first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`${t.prefix}/auth`);
    await page.context().close();
  });

  it('shows the not-found screen on an unknown path', async () => {
    const page = await stack.newPage();
    await page.goto(`${t.prefix}/no-such-page/at-all`);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    expect(await page.getByTestId('not-found').textContent()).toContain('404');
    await expect.poll(() => page.getByText(t.notFound).isVisible()).toBe(true);
    await page.getByRole('link', { name: t.home }).click();
    await page.waitForURL((url) => url.pathname === (t.prefix || '/'));
    await page.context().close();
  });
});

it('keeps the path and query when switching language', async () => {
  const page = await stack.newPage();
  await page.goto('/pricing?plan=annual');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.waitForURL((url) => url.pathname === '/zh/pricing');
  expect(new URL(page.url()).search).toBe('?plan=annual');
  await page.context().close();
});

describe('staying signed in across reloads', () => {
  it('keeps the user signed in when a refresh answer is lost, and in two tabs opened at once', async () => {
    const user = await stack.createUser({ email: uniqueEmail('reload') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(user.email);

    // A refresh reaches the server, which rotates the cookie, but its answer never reaches the browser
    // (the page was reloaded while it was in flight): the browser still holds the rotated token.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'refresh_token');
    expect(cookie).toBeDefined();
    const rotated = await fetch(`${stack.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `refresh_token=${cookie!.value}` },
    });
    expect(rotated.status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(user.email);
    await page.reload();
    await expect.poll(() => page.getByTestId('nav-profile').first().textContent()).toContain(user.email);

    // Two tabs of the same browser start at once with the same cookie.
    const [first, second] = await Promise.all([page.context().newPage(), page.context().newPage()]);
    await Promise.all([first.goto('/'), second.goto('/')]);
    for (const tab of [first, second, page]) {
      await tab.reload();
      await expect.poll(() => tab.getByTestId('nav-profile').first().textContent()).toContain(user.email);
    }
    await page.context().close();
  });
});
