import { createLogger } from '@app/logger';
import {
  createMailTransport,
  DigestCache,
  deliverDigest,
  digestWindow,
  loadRecipient,
  localDateTime,
  type MailTransport,
} from '@app/mailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

/**
 * Subscribe from the home page (English and Chinese), get the digest over SMTP, and unsubscribe
 * through the links in it. The digest is sent by the mailer's own send path with this stack's
 * public URL and unsubscribe key (the harness's mailer knows neither).
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
  stack = await startStack({ gatewayEnv: { UNSUBSCRIBE_SECRET: SECRET } });
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
  return stack.smtp.waitForMessage((m) => m.to.includes(email), 10_000);
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

describe('newsletter in the browser', () => {
  it('subscribes from the English home page, then manages and unsubscribes through the emailed link', async () => {
    const email = uniqueEmail('en-reader');
    const page = await stack.newPage({ timezoneId: TOKYO });
    await subscribeFromHome(
      page,
      '/',
      email,
      { email: 'Email address', success: 'Successfully subscribed to newsletter!' },
      [topics.ai.name, topics.eng.name],
    );
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
    await subscribeFromHome(page, '/zh', email, { email: '邮箱地址', success: '订阅成功！' }, [
      topics.ai.nameZh,
    ]);
    const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ language: 'ZH', timeZone: SHANGHAI });

    const mail = await sendDigestTo(email);
    expect(mail.subject).toContain('Daily Curated 每日摘要');
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
