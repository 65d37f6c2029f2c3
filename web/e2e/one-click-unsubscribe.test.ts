import { randomBytes } from 'node:crypto';
import { signUnsubscribeToken } from '@app/digest';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// The List-Unsubscribe URL of a digest opened in a browser: the gateway's own page (no web build
// needed), in the reader's language, used with the keyboard alone, at a desktop and at phone widths.

const SECRET = 'e2e-unsubscribe-secret-long-enough-0123456789';
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
  { width: 320, height: 640 },
];

let stack: Stack;
let topicId: string;

beforeAll(async () => {
  stack = await startStack({
    gatewayEnv: { UNSUBSCRIBE_SECRET: SECRET },
    mailerEnv: { UNSUBSCRIBE_SECRET: SECRET },
  });
  const topic = await stack.prisma.topic.create({
    data: { slug: `one-click-${Date.now().toString(36)}`, name: 'AI Agents', nameZh: 'AI 智能体' },
  });
  topicId = topic.id;
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A confirmed subscriber and the one-click path of their digests. */
async function subscriber(language: 'EN' | 'ZH') {
  const row = await stack.prisma.newsletterSubscriber.create({
    data: {
      email: uniqueEmail(`one-click-${language.toLowerCase()}`),
      language,
      unsubscribeToken: randomBytes(18).toString('base64url'),
      confirmedAt: new Date(),
      subscriptions: { create: [{ topicId, language }] },
    },
  });
  const token = signUnsubscribeToken(SECRET, row);
  return { id: row.id, path: `/api/newsletter/one-click?token=${encodeURIComponent(token)}` };
}

const statusOf = async (id: string) =>
  (await stack.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { id } })).status;

// Strings: this file is type-checked without the DOM library, and the browser runs them as they are.
/** Wider than the window: something would need a sideways scroll. */
const overflows = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
/** The text of the element that has the keyboard focus. */
const focusedText = (page: Page) =>
  page.evaluate<string | null>('document.activeElement?.textContent ?? null');

describe('the one-click unsubscribe page', () => {
  for (const [language, copy] of [
    [
      'EN',
      {
        lang: 'en',
        ask: 'Unsubscribe from the daily digest?',
        button: 'Unsubscribe',
        done: 'You are unsubscribed',
      },
    ],
    ['ZH', { lang: 'zh-CN', ask: '退订每日摘要？', button: '退订', done: '您已退订' }],
  ] as const) {
    it(`${copy.lang}: passes axe at 1280 and 375 px, fits at 320 px, and opening it changes nothing`, async () => {
      const reader = await subscriber(language);
      const page = await stack.newPage({ viewport: WIDTHS[0] });
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto(reader.path);
        expect(await page.getAttribute('html', 'lang')).toBe(copy.lang);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.ask);
        if (viewport.width !== 320) await expectAccessible(page, `one-click page at ${viewport.width}px`);
        expect(await overflows(page), `sideways scroll at ${viewport.width}px`).toBe(false);
      }
      await page.context().close();
      expect(await statusOf(reader.id)).toBe('active');
    });

    it(`${copy.lang}: the keyboard alone unsubscribes, and the page then says so`, async () => {
      const reader = await subscriber(language);
      const page = await stack.newPage({ viewport: WIDTHS[1] });
      await page.goto(reader.path);
      // The button is the first stop; Enter presses it.
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe(copy.button);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.done);
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`).toBe(reader.path);
      await expectAccessible(page, 'one-click page, unsubscribed');
      await page.context().close();
      expect(await statusOf(reader.id)).toBe('unsubscribed');
    });
  }

  it('a broken link: the page says so in the browser’s language, accessibly', async () => {
    const page = await stack.newPage({ viewport: WIDTHS[2], locale: 'zh-CN' });
    const response = await page.goto('/api/newsletter/one-click?token=not-a-token');
    expect(response?.status()).toBe(400);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('无效的退订链接');
    await expectAccessible(page, 'one-click page, invalid link');
    expect(await overflows(page)).toBe(false);
    await page.context().close();
  });
});
