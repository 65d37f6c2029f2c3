import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// Registering with an address that already has an account: the page answers as it does for a new one
// ("check your inbox"), and the owner of the address gets an email with the ways in (sign in, reset),
// in the page's language. And a blog post whose images fail shows grey panels where they would be, with
// no broken-image icon and nothing moving when they fail.

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ mailer: true });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

async function expectAccessibleAtBothWidths(page: Page, label: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${label} at ${viewport.width}px`);
  }
}

/** The alert on the form (toasts are elsewhere): its title and text. */
const FORM_ALERT = 'form >> xpath=preceding-sibling::*[contains(@class, "mantine-Alert-root")]';

/** Fills the registration form with `email` and sends it; the words the page answers with. */
async function register(
  page: Page,
  prefix: string,
  email: string,
  texts: { email: string; password: string },
) {
  await page.goto(`${prefix}/auth`);
  await page.getByTestId('auth-mode-toggle').click();
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill('a-strangers-password');
  await page.getByTestId('auth-submit').click();
  const alert = page.locator(FORM_ALERT);
  await alert.waitFor({ timeout: 15_000 });
  return (await alert.textContent()) ?? '';
}

describe('registering with an address that has an account', () => {
  for (const language of [
    {
      prefix: '',
      texts: { email: 'Email', password: 'Password' },
      title: 'Check your inbox',
      refused: 'Invalid email or password',
      subject: 'Someone tried to create a Daily Curated account with your address',
    },
    {
      prefix: '/zh',
      texts: { email: '邮箱', password: '密码' },
      title: '请查收邮件',
      refused: '邮箱或密码错误',
      subject: '有人尝试用您的邮箱地址注册每日精选账户',
    },
  ]) {
    it(`${language.prefix || '/'}: answers as for a new address, and mails the owner the ways in`, async () => {
      const owner = await stack.createUser({ email: uniqueEmail('owner') });
      const page = await stack.newPage({ viewport: PHONE });
      const fresh = await register(page, language.prefix, uniqueEmail('fresh'), language.texts);
      const known = await register(page, language.prefix, owner.email, language.texts);
      expect(known).toContain(language.title);
      expect(known).toBe(fresh);
      // Nowhere on the page either (the old answer was an error toast).
      expect(await page.getByText(language.refused).count()).toBe(0);
      await expectAccessibleAtBothWidths(page, `${language.prefix}/auth after registering`);

      const mail = await stack.smtp.waitForMessage((m) => m.to.includes(owner.email), 20_000);
      expect(mail.subject).toBe(language.subject);
      expect(mail.html).toContain(`href="${stack.baseUrl}${language.prefix}/auth"`);
      expect(mail.html).toContain(`href="${stack.baseUrl}${language.prefix}/auth/reset"`);
      // The account is as it was: its own password still signs in.
      await stack.signIn(page, owner.email, owner.password);
      await page.context().close();
    });
  }
});

describe('a blog post whose images fail', () => {
  it('shows grey panels in their place, the cover at its set height from the start', async () => {
    const missing = `${stack.baseUrl}/blog-missing-cover.png`;
    await stack.prisma.blogPost.create({
      data: {
        slug: 'broken-images',
        language: 'EN',
        title: 'A post with broken images',
        excerpt: 'Images that never arrive.',
        content: `<p>Before.</p><p><img src="${stack.baseUrl}/blog-missing-inline.png" alt="A chart" width="600" height="300"></p><p>After.</p>`,
        featuredImageUrl: missing,
        featuredImageAlt: 'The cover',
        status: 'published',
        publishedAt: new Date(),
      },
    });
    const page = await stack.newPage({ viewport: PHONE });
    // The cover answers late (and then not at all): its box must not change meanwhile.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(missing, async (route) => {
      await released;
      await route.fulfill({ status: 404, body: 'missing' });
    });
    // Not waiting for the load event: the cover it would wait for is the one held back.
    await page.goto('/blog/broken-images', { waitUntil: 'domcontentloaded' });
    const cover = page.getByTestId('blog-post-image');
    await cover.waitFor({ timeout: 15_000 });
    const before = await cover.boundingBox();
    expect(before?.height).toBeGreaterThan(150);
    release();

    // Drawn: every image in the post has pixels (a broken one has none), the failed ones the grey panel.
    const images = `(() => [...document.querySelectorAll('[data-testid="blog-post-image"], [data-testid="blog-post-content"] img')]
      .map((img) => ({ drawn: img.complete && img.naturalWidth > 0, placeholder: img.src.startsWith('data:image/svg+xml') })))()`;
    await expect
      .poll(() => page.evaluate(images), { timeout: 15_000 })
      .toEqual([
        { drawn: true, placeholder: true },
        { drawn: true, placeholder: true },
      ]);
    const after = await page.getByTestId('blog-post-image').boundingBox();
    expect(after?.height).toBe(before?.height);
    expect(after?.y).toBe(before?.y);
    await expectAccessibleAtBothWidths(page, '/blog/broken-images');
    await page.context().close();
  });
});
