import { createLogger } from '@app/logger';
import { DigestCache, digestWindow } from '@app/digest';
import { createMailTransport, deliverDigest, loadRecipient, type MailTransport } from '@app/mailer';
import { localDateTime } from '@app/time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

/**
 * Subscribe from the home page (English and Chinese), confirm through the link of the double opt-in
 * email (the confirm page), get the digest over SMTP, and unsubscribe through the links in it. The
 * digest is sent by the mailer's own send path with this stack's public URL and unsubscribe key; the
 * harness's mailer gets the key (it signs the confirmation links) but not the URL, so links are
 * followed by their path.
 */
const SECRET = 'e2e-unsubscribe-secret-long-enough-0123456789';
const TOKYO = 'Asia/Tokyo';
const SHANGHAI = 'Asia/Shanghai';

let stack: Stack;
let transport: MailTransport;
const topics: Record<'ai' | 'eng', { id: string; name: string; nameZh: string }> = {
  ai: { id: '', name: 'AI Agents', nameZh: 'AI 智能体' },
  eng: { id: '', name: 'Engineering', nameZh: '工程' },
};

beforeAll(async () => {
  stack = await startStack({
    gatewayEnv: { UNSUBSCRIBE_SECRET: SECRET },
    mailerEnv: { UNSUBSCRIBE_SECRET: SECRET },
  });
  transport = createMailTransport(stack.smtp.url);
  for (const [key, topic] of Object.entries(topics)) {
    const row = await stack.prisma.topic.create({
      data: { slug: `${key}-${Date.now().toString(36)}`, name: topic.name, nameZh: topic.nameZh },
    });
    topic.id = row.id;
  }
  // Something in today's digest window for both zones and languages.
  for (const zone of [TOKYO, SHANGHAI]) {
    const createdAt = new Date(
      digestWindow(localDateTime(new Date(), zone).date, zone).to.getTime() - 3600_000,
    );
    await stack.prisma.summary.createMany({
      data: [
        {
          topicId: topics.ai.id,
          language: 'EN',
          summaryType: 'blog_post',
          headline: `Agents ship (${zone})`,
          content: 'Agents.',
          createdAt,
        },
        {
          topicId: topics.eng.id,
          language: 'EN',
          summaryType: 'blog_post',
          headline: `Compilers (${zone})`,
          content: 'Fast.',
          createdAt,
        },
        {
          topicId: topics.ai.id,
          language: 'ZH',
          summaryType: 'blog_post',
          headline: `智能体发布（${zone}）`,
          content: '智能体。',
          createdAt,
        },
      ],
    });
  }
}, 60_000);

afterAll(async () => {
  transport?.close();
  await stack?.stop();
});

async function sendDigestTo(email: string) {
  const subscriber = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
  const recipient = await loadRecipient(stack.prisma, subscriber.id);
  const deps = {
    prisma: stack.prisma,
    transport,
    from: 'Daily Curated <digest@example.com>',
    publicUrl: stack.baseUrl,
    secret: SECRET,
    clock: () => new Date(),
    log: createLogger('e2e-digest', { level: 'silent' }),
    leaseMs: 60_000,
    concurrency: 1,
    perTopic: 5,
    maxAttempts: 3,
  };
  const date = localDateTime(new Date(), subscriber.timeZone).date;
  expect(await deliverDigest(deps, recipient!, date, new DigestCache(deps))).toBe('sent');
  // The address also got its confirmation email: wait for the digest.
  return stack.smtp.waitForMessage((m) => m.to.includes(email) && !CONFIRM_LINK.test(m.text), 10_000);
}

async function subscribeFromHome(
  page: Page,
  path: string,
  email: string,
  labels: Record<string, string>,
  topicNames: string[],
) {
  await page.goto(path);
  const box = page.getByTestId('newsletter-signup');
  await box.waitFor();
  const submit = box.getByTestId('newsletter-submit');
  expect(await submit.isDisabled()).toBe(true);
  await box.getByLabel(labels.email!).fill(`  ${email.toUpperCase()} `);
  for (const name of topicNames) await box.getByText(name, { exact: true }).click();
  await submit.click();
  await expect
    .poll(() => box.getByTestId('newsletter-success').textContent(), { timeout: 15_000 })
    .toBe(labels.success);
  // Cleared after success.
  expect(await box.getByLabel(labels.email!).inputValue()).toBe('');
}

const CONFIRM_LINK = /https?:\/\/\S+?(\/(?:zh\/)?newsletter\/confirm\?token=\S+)/;

/** The path (with the token) of the link in the nth confirmation email to `email`. */
async function confirmationPath(email: string, nth = 1): Promise<string> {
  await expect
    .poll(() => stack.smtp.messages.filter((m) => m.to.includes(email) && CONFIRM_LINK.test(m.text)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(nth);
  const mail = stack.smtp.messages.filter((m) => m.to.includes(email) && CONFIRM_LINK.test(m.text))[nth - 1]!;
  return mail.text.match(CONFIRM_LINK)![1]!;
}

/** Opens the emailed link and waits for the page's answer. */
async function openConfirmation(page: Page, path: string, outcome: 'success' | 'error') {
  await page.goto(path);
  await page.getByTestId(`newsletter-confirm-${outcome}`).waitFor({ timeout: 15_000 });
}

describe('newsletter in the browser', () => {
  it('subscribes from the English home page, then manages and unsubscribes through the emailed link', async () => {
    const email = uniqueEmail('en-reader');
    const page = await stack.newPage({ timezoneId: TOKYO });
    await subscribeFromHome(
      page,
      '/',
      email,
      {
        email: 'Email address',
        success: 'Almost done: please check your inbox to confirm your subscription.',
      },
      [topics.ai.name, topics.eng.name],
    );
    const pending = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(pending.confirmedAt).toBeNull();
    const path = await confirmationPath(email);
    expect(path.startsWith('/newsletter/confirm?token=')).toBe(true);
    // A mail scanner fetching the link gets the page's HTML and changes nothing.
    expect((await fetch(`${stack.baseUrl}${path}`)).status).toBe(200);
    expect(
      (await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt,
    ).toBeNull();
    await openConfirmation(page, path, 'success');
    expect(await page.getByTestId('newsletter-confirm-success').textContent()).toContain(
      'Subscription confirmed',
    );
    expect(await page.getByTestId('newsletter-confirm-topics').textContent()).toContain(topics.eng.name);
    const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({
      where: { email },
      include: { subscriptions: true },
    });
    expect(row).toMatchObject({ language: 'EN', timeZone: TOKYO });
    expect(row.subscriptions).toHaveLength(2);

    const mail = await sendDigestTo(email);
    expect(mail.html).toContain(`Agents ship (${TOKYO})`);
    const manageUrl = mail.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+&action=view/)?.[0];
    expect(manageUrl?.startsWith(stack.baseUrl)).toBe(true);

    await page.goto(manageUrl!);
    await page.getByTestId('unsubscribe-manage').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('unsubscribe-row').count()).toBe(2);
    const engRow = page.getByTestId('unsubscribe-row').filter({ hasText: topics.eng.name });
    await engRow.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect
      .poll(() => page.getByTestId('unsubscribe-notice').textContent())
      .toBe(`Unsubscribed from ${topics.eng.name}.`);
    await expect.poll(() => page.getByTestId('unsubscribe-row').count()).toBe(1);
    await page.getByTestId('unsubscribe-all').click();
    await expect
      .poll(() => page.getByTestId('unsubscribe-success').textContent())
      .toContain('You have been unsubscribed from 1 topic.');
    await page.getByTestId('unsubscribe-view-remaining').click();
    await page.getByTestId('unsubscribe-empty').waitFor();
    const after = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(after.status).toBe('unsubscribed');
  });

  it('subscribes from the Chinese home page and the emailed unsubscribe link unsubscribes at once', async () => {
    const email = uniqueEmail('zh-reader');
    const page = await stack.newPage({ timezoneId: SHANGHAI });
    await subscribeFromHome(
      page,
      '/zh',
      email,
      { email: '邮箱地址', success: '还差一步：请查收邮件并确认订阅。' },
      [topics.ai.nameZh],
    );
    const path = await confirmationPath(email);
    expect(path.startsWith('/zh/newsletter/confirm?token=')).toBe(true);
    await openConfirmation(page, path, 'success');
    expect(await page.getByTestId('newsletter-confirm-success').textContent()).toContain('订阅已确认');
    expect(await page.getByTestId('newsletter-confirm-topics').textContent()).toContain(topics.ai.nameZh);
    const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ language: 'ZH', timeZone: SHANGHAI });

    const mail = await sendDigestTo(email);
    expect(mail.subject).toContain('每日精选摘要');
    expect(mail.html).toContain(`智能体发布（${SHANGHAI}）`);
    const unsubscribeUrl = mail.text.match(/退订: (https?:\/\/\S+\/zh\/unsubscribe\?token=\S+)/)?.[1];
    expect(unsubscribeUrl).toBeDefined();
    await page.goto(unsubscribeUrl!);
    await expect
      .poll(() => page.getByTestId('unsubscribe-success').textContent(), { timeout: 15_000 })
      .toContain('您已退订 1 个主题。');
    expect((await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status).toBe(
      'unsubscribed',
    );
  });

  it('shows the validation message, and "Invalid unsubscribe link" without or with a bad token', async () => {
    const page = await stack.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/');
    const box = page.getByTestId('newsletter-signup');
    await box.getByLabel('Email address').fill('someone@example.com');
    // No topic chosen: the button stays disabled and Enter shows the spec's message.
    await box.getByLabel('Email address').press('Enter');
    await expect
      .poll(() => box.getByTestId('newsletter-error').textContent())
      .toBe('Please enter an email and select at least one topic');
    await page.goto('/unsubscribe');
    await expect
      .poll(() => page.getByTestId('unsubscribe-error').textContent())
      .toContain('Invalid unsubscribe link');
    await page.goto('/zh/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged&action=view');
    await expect
      .poll(() => page.getByTestId('unsubscribe-error').textContent(), { timeout: 15_000 })
      .toContain('无效的退订链接');
  });
});

describe('the digest and My feed, on the profile page', () => {
  it('a reader without a subscription is pointed to one; with one, the digest follows My feed once switched on', async () => {
    const user = await stack.createUser({ email: uniqueEmail('digest-reader') });
    const page = await stack.newPage({ viewport: { width: 320, height: 800 } });
    await stack.signIn(page, user.email, user.password);
    await page.goto('/profile');
    const card = page.getByTestId('digest-follows-card');
    await card.getByTestId('digest-none').waitFor({ timeout: 30_000 });

    // The same (verified) address subscribed and confirmed: the card offers the switch, off.
    const subscriber = await stack.prisma.newsletterSubscriber.create({
      data: {
        email: user.email,
        unsubscribeToken: `digest-${Date.now().toString(36)}`,
        status: 'active',
        confirmedAt: new Date(),
        subscriptions: { create: { topicId: topics.eng.id } },
      },
    });
    await page.reload();
    const toggle = card.getByRole('switch', { name: 'Follow My feed' });
    await toggle.waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
    await expectAccessible(page, 'the profile with the digest card, 320 px');

    await toggle.click({ force: true });
    await expect
      .poll(() =>
        stack.prisma.newsletterSubscriber
          .findUniqueOrThrow({ where: { id: subscriber.id } })
          .then((row) => [row.followsMyFeed, row.userId]),
      )
      .toEqual([true, user.id]);
    // Kept across a reload; switched off again, the digest goes back to the picked topics.
    await page.reload();
    await expect
      .poll(() => card.getByRole('switch', { name: 'Follow My feed' }).isChecked(), {
        timeout: 30_000,
      })
      .toBe(true);
    await card.getByRole('switch', { name: 'Follow My feed' }).click({ force: true });
    await expect
      .poll(() =>
        stack.prisma.newsletterSubscriber
          .findUniqueOrThrow({ where: { id: subscriber.id } })
          .then((row) => row.followsMyFeed),
      )
      .toBe(false);
    await page.context().close();
  });
});

describe('the confirm page (/newsletter/confirm, /zh/newsletter/confirm)', () => {
  async function pendingLink(label: string, language: 'en' | 'zh') {
    const email = uniqueEmail(label);
    const response = await fetch(`${stack.baseUrl}/api/newsletter/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, topic_ids: [topics.ai.id], language }),
    });
    expect(await response.json()).toMatchObject({ pending_confirmation: true });
    return { email, path: await confirmationPath(email) };
  }

  /** Nothing wider than the viewport: no sideways scrolling at 320 px. */
  const overflow = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  // Browser-side code as source text (the e2e files are type-checked without DOM types).
  const focusedText = (page: Page) => page.evaluate<string | null>('document.activeElement?.textContent');
  const htmlLang = (page: Page) => page.evaluate<string>('document.documentElement.lang');

  it('English at 320 px: loading, then success; the same link again says it was used; keyboard reaches the way on', async () => {
    const { email, path } = await pendingLink('page-en', 'en');
    const page = await stack.newPage({ viewport: { width: 320, height: 640 } });
    // Hold the POST to see the loading state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/newsletter/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path);
    const loading = page.getByRole('status').filter({ hasText: 'Confirming your subscription…' });
    await loading.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm your subscription');
    release();
    const success = page.getByTestId('newsletter-confirm-success');
    await success.waitFor({ timeout: 15_000 });
    // No zone was sent: the digest's default zone, named.
    expect(await success.textContent()).toContain('will get the digest every day at 8 AM, America/New_York');
    expect(await htmlLang(page)).toBe('en');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(
      (await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt,
    ).not.toBeNull();

    // Keyboard: Tab moves through the page to the "Back to home" link, and Enter follows it.
    const backHome = success.getByRole('link', { name: 'Back to home' });
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      if ((await focusedText(page)) === 'Back to home') break;
    }
    expect(await focusedText(page)).toBe('Back to home');
    expect(await backHome.count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    await page.unroute('**/api/newsletter/confirm');
    await openConfirmation(page, path, 'error');
    expect(await page.getByTestId('newsletter-confirm-error-text').textContent()).toBe(
      'This confirmation link has already been used. Your subscription is unchanged.',
    );
    expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
  });

  it('Chinese at 320 px: an expired link, a forged one and none at all each say so', async () => {
    const { email, path } = await pendingLink('page-zh', 'zh');
    expect(path.startsWith('/zh/newsletter/confirm?token=')).toBe(true);
    await stack.prisma.newsletterConfirmation.updateMany({
      where: { subscriber: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const page = await stack.newPage({ viewport: { width: 320, height: 640 } });
    await openConfirmation(page, path, 'error');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('确认订阅');
    expect(await page.getByTestId('newsletter-confirm-error-text').textContent()).toBe(
      '此确认链接已过期。请重新订阅以获取新的链接。',
    );
    expect(await page.getByRole('link', { name: '重新订阅' }).getAttribute('href')).toBe('/zh');
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(
      (await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt,
    ).toBeNull();

    const invalid = '无效的确认链接。请确认您打开的是邮件中的完整链接。';
    await openConfirmation(page, `${path.slice(0, -2)}xx`, 'error');
    expect(await page.getByTestId('newsletter-confirm-error-text').textContent()).toBe(invalid);
    await openConfirmation(page, '/zh/newsletter/confirm', 'error');
    expect(await page.getByTestId('newsletter-confirm-error-text').textContent()).toBe(invalid);
  });
});
