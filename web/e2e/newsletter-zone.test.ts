import { signUnsubscribeToken } from '@app/digest';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

/**
 * The newsletter says when the digest comes, with its zone: on the sign-up box (the browser's zone,
 * shown and changeable), in the confirmation email and on the confirm page, and on the management page,
 * where the reader can move it to another zone. Both languages, at 1280 and 375 px.
 */
const SECRET = 'e2e-unsubscribe-secret-long-enough-0123456789';
/** The browser's zone: none of the summaries' 13, so nothing but the reader's own choice explains it. */
const BROWSER_ZONE = 'Europe/Madrid';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

let stack: Stack;
const topic = { id: '', name: 'Zone Topic', nameZh: '时区主题' };

beforeAll(async () => {
  stack = await startStack({
    gatewayEnv: { UNSUBSCRIBE_SECRET: SECRET },
    mailerEnv: { UNSUBSCRIBE_SECRET: SECRET },
  });
  topic.id = (
    await stack.prisma.topic.create({
      data: { slug: `zone-${Date.now().toString(36)}`, name: topic.name, nameZh: topic.nameZh },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const CONFIRM_LINK = /https?:\/\/\S+?(\/(?:zh\/)?newsletter\/confirm\?token=\S+)/;

async function confirmationMail(email: string) {
  return stack.smtp.waitForMessage((m) => m.to.includes(email) && CONFIRM_LINK.test(m.text), 15_000);
}

async function openHome(path: string, viewport: { width: number; height: number }) {
  const page = await stack.newPage({ viewport, timezoneId: BROWSER_ZONE });
  await page.goto(path);
  const box = page.getByTestId('newsletter-signup');
  await box.waitFor({ timeout: 15_000 });
  return { page, box };
}

/** Picks a zone in a searchable zone list by typing part of its name, from the keyboard. */
async function chooseZone(page: Page, input: ReturnType<Page['getByTestId']>, search: string, zone: string) {
  await input.fill(search);
  const option = page.getByRole('option', { name: zone, exact: true });
  await option.waitFor();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(zone);
}

describe('sign-up', () => {
  it('English: shows the browser’s zone, lets the reader change it, and the mail and confirm page say it', async () => {
    const { page, box } = await openHome('/', DESKTOP);
    const time = box.getByTestId('newsletter-delivery-time');
    expect(await time.textContent()).toBe(`Every day at 8 AM, ${BROWSER_ZONE}`);
    await expectAccessible(page, 'home newsletter box');

    // From the keyboard: the button brings the list, which takes the focus.
    await box.getByTestId('newsletter-change-zone').focus();
    await page.keyboard.press('Enter');
    const zone = box.getByTestId('newsletter-zone');
    await zone.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement?.getAttribute("data-testid")'))
      .toBe('newsletter-zone');
    expect(await zone.inputValue()).toBe(BROWSER_ZONE);
    await expectAccessible(page, 'home newsletter box, zone list shown');
    await chooseZone(page, zone, 'shangh', 'Asia/Shanghai');
    expect(await time.textContent()).toBe('Every day at 8 AM, Asia/Shanghai');

    const email = uniqueEmail('zone-en');
    await box.getByText(topic.name, { exact: true }).click();
    await box.getByLabel('Email address').fill(email);
    await box.getByTestId('newsletter-submit').click();
    await box.getByTestId('newsletter-success').waitFor({ timeout: 15_000 });

    const mail = await confirmationMail(email);
    expect(mail.text).toContain('every day at 8 AM, Asia/Shanghai');
    await page.goto(mail.text.match(CONFIRM_LINK)![1]!);
    const success = page.getByTestId('newsletter-confirm-success');
    await success.waitFor({ timeout: 15_000 });
    expect(await success.textContent()).toContain('every day at 8 AM, Asia/Shanghai');
    const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.timeZone).toBe('Asia/Shanghai');
    await page.context().close();
  });

  it('Chinese at 375 px: the browser’s zone, sent as it is shown, in the Chinese mail', async () => {
    const { page, box } = await openHome('/zh', PHONE);
    expect(await box.getByTestId('newsletter-delivery-time').textContent()).toBe(
      `每天上午 8 点（${BROWSER_ZONE}）`,
    );
    await expectAccessible(page, '/zh newsletter box');
    await box.getByTestId('newsletter-change-zone').click();
    const zone = box.getByTestId('newsletter-zone');
    await zone.waitFor({ timeout: 15_000 });
    await expectAccessible(page, '/zh newsletter box, zone list shown');
    // The reader keeps the zone: Escape closes the list, the zone stays.
    await zone.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await zone.inputValue()).toBe(BROWSER_ZONE);
    expect(
      await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBeLessThanOrEqual(0);

    const email = uniqueEmail('zone-zh');
    await box.getByText(topic.nameZh, { exact: true }).click();
    await box.getByLabel('邮箱地址').fill(email);
    await box.getByTestId('newsletter-submit').click();
    await box.getByTestId('newsletter-success').waitFor({ timeout: 15_000 });
    const mail = await confirmationMail(email);
    expect(mail.subject).toContain('每日精选');
    expect(mail.text).toContain(`每天上午 8 点（${BROWSER_ZONE}）`);
    const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.timeZone).toBe(BROWSER_ZONE);
    await page.context().close();
  });
});

describe('the management page', () => {
  async function confirmedSubscriber(language: 'EN' | 'ZH') {
    const email = uniqueEmail(`manage-${language.toLowerCase()}`);
    const subscriber = await stack.prisma.newsletterSubscriber.create({
      data: {
        email,
        language,
        timeZone: 'America/Chicago',
        unsubscribeToken: `nonce-${email}`,
        confirmedAt: new Date(),
        subscriptions: { create: { topicId: topic.id, language } },
      },
    });
    return { email, token: signUnsubscribeToken(SECRET, subscriber) };
  }

  for (const [language, prefix, viewport, texts] of [
    [
      'EN',
      '',
      DESKTOP,
      {
        before: 'Every day at 8 AM, America/Chicago',
        after: 'Every day at 8 AM, Asia/Tokyo',
        saved: 'Saved: the digest now arrives every day at 8 AM, Asia/Tokyo.',
      },
    ],
    [
      'ZH',
      '/zh',
      PHONE,
      {
        before: '每天上午 8 点（America/Chicago）',
        after: '每天上午 8 点（Asia/Tokyo）',
        saved: '已保存：每日摘要将在每天上午 8 点（Asia/Tokyo）送达。',
      },
    ],
  ] as const) {
    it(`${language} at ${viewport.width} px: shows the zone, and moves it to another one`, async () => {
      const { email, token } = await confirmedSubscriber(language);
      const page = await stack.newPage({ viewport });
      await page.goto(`${prefix}/unsubscribe?token=${encodeURIComponent(token)}&action=view`);
      const time = page.getByTestId('unsubscribe-delivery-time');
      await time.waitFor({ timeout: 15_000 });
      expect(await time.textContent()).toBe(texts.before);
      await expectAccessible(page, `${prefix}/unsubscribe manage`);

      const zone = page.getByTestId('unsubscribe-zone');
      await zone.click();
      await chooseZone(page, zone, 'tokyo', 'Asia/Tokyo');
      await page.getByTestId('unsubscribe-zone-save').click();
      await expect
        .poll(() => page.getByTestId('unsubscribe-zone-notice').textContent(), { timeout: 15_000 })
        .toBe(texts.saved);
      expect(await time.textContent()).toBe(texts.after);
      await expectAccessible(page, `${prefix}/unsubscribe manage, zone saved`);
      const row = await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
      expect(row.timeZone).toBe('Asia/Tokyo');
      // Read again, the page shows what the server has.
      await page.reload();
      await time.waitFor({ timeout: 15_000 });
      expect(await time.textContent()).toBe(texts.after);
      await page.context().close();
    });
  }
});
