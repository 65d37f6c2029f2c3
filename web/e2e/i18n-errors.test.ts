import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// The Chinese UI shows the API's refusals in Chinese: the web app's text for the answer's code or known
// message (web/src/api/error-text.ts), never the gateway's English sentence.

let stack: Stack;
let topicId: string;

beforeAll(async () => {
  stack = await startStack();
  const topic = await stack.prisma.topic.create({
    data: { slug: `e2e-i18n-${Date.now()}`, name: 'AI Tools', nameZh: '人工智能工具' },
  });
  const datasource = await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Example Blog',
      sourceUrl: 'https://blog.example.com/feed',
    },
  });
  await stack.prisma.summary.create({
    data: {
      headline: '小型开源模型正在追赶',
      content: '本周的基准测试显示，小型开源模型与大型商业模型只差几分。',
      summaryType: 'blog_post',
      language: 'ZH',
      sourceUrls: ['https://blog.example.com/small-models'],
      metadata: { platform: 'blog', source_name: 'Example Blog', topic_name: 'AI Tools' },
      topicId: topic.id,
      datasourceId: datasource.id,
    },
  });
  topicId = topic.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const LA = 'America/Los_Angeles';
const daysAgo = (n: number) => {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: LA }).format(new Date())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** Three Latin-script words in a row: an English sentence (names like "Pro" or "URL" are fine). */
const LATIN_RUN = /[A-Za-z]+[\s,.'-]+[A-Za-z]+[\s,.'-]+[A-Za-z]+/;
const CJK = /[\u4e00-\u9fff]/;

/** Waits until `locator` has text, then checks it reads as Chinese and contains no English sentence. */
async function expectChinese(locator: Locator, expected: string) {
  await locator.waitFor({ timeout: 15_000 });
  await expect.poll(() => locator.textContent(), { timeout: 15_000 }).toContain(expected);
  const text = (await locator.textContent()) ?? '';
  expect(text).toMatch(CJK);
  expect(text, text).not.toMatch(LATIN_RUN);
  return text;
}

/** The error toast whose title is `title` (Mantine notifications). */
const toast = (page: Page, title: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: title }).last();

describe('the Chinese UI says API refusals in Chinese', () => {
  it('a free user asking for an older date on /zh/content-summary', async () => {
    const user = await stack.createUser({ email: uniqueEmail('i18n-free-date') });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/zh/content-summary?date=${daysAgo(5)}&timezone=${encodeURIComponent(LA)}`);
    const text = await expectChinese(page.getByTestId('summaries-error'), '免费用户只能查看昨天和今天的摘要');
    expect(text).not.toContain('Free users');
    // The upgrade dialog opens over it; closed, the error state passes axe (WCAG 2.1 AA).
    await page.getByTestId('upgrade-dialog').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('upgrade-dialog').count()).toBe(0);
    expect(await axeViolations(page, { include: ['[data-testid="summaries-error"]'] })).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('favourites refused because the plan ended while the page was open', async () => {
    const user = await stack.createUser({ email: uniqueEmail('i18n-fav'), plan: 'pro' });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/zh/content-summary');
    const favourite = page.getByRole('button', { name: '收藏此摘要' }).first();
    await favourite.waitFor({ timeout: 15_000 });
    // The subscription ends; the page still believes the user is Pro, the server does not.
    await stack.prisma.userProfile.update({ where: { id: user.id }, data: { subscriptionType: 'free' } });
    await favourite.click();
    const text = await expectChinese(toast(page, '操作失败'), '此功能需要 Pro 订阅');
    expect(text).not.toContain('subscription is required');
    await page.context().close();
  }, 90_000);

  it('a source suggested twice', async () => {
    const user = await stack.createUser({ email: uniqueEmail('i18n-suggest') });
    // A public address literal: no DNS lookup is needed to accept it.
    const url = 'https://93.184.215.14/feed';
    await stack.prisma.sourceSubmission.create({ data: { userId: user.id, topicId, platform: 'blog', url } });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/zh/content-summary');
    await page.getByRole('button', { name: '推荐数据源' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '主题', exact: true }).click();
    await dialog.getByRole('option', { name: '人工智能工具' }).click();
    await dialog.getByRole('combobox', { name: '平台', exact: true }).click();
    await dialog.getByRole('option').first().click();
    await dialog.getByLabel('链接').fill(url);
    await dialog.getByRole('button', { name: '提交' }).click();
    const text = await expectChinese(page.getByTestId('suggest-error'), '您已提交过此链接，正在等待审核');
    expect(text).not.toContain('already submitted');
    await page.context().close();
  }, 90_000);

  it('generation for a summary removed while the generator was open', async () => {
    // The page keeps extra input within 500 characters itself; what the server can still refuse is a
    // summary that went away between loading the page and submitting.
    const gone = await stack.prisma.summary.create({
      data: {
        headline: '即将删除的摘要',
        content: '这条摘要会在提交生成任务之前被删除。',
        summaryType: 'blog_post',
        language: 'ZH',
        sourceUrls: ['https://blog.example.com/soon-gone'],
        metadata: { platform: 'blog', source_name: 'Example Blog', topic_name: 'AI Tools' },
        topicId,
      },
    });
    const user = await stack.createUser({ email: uniqueEmail('i18n-gen'), plan: 'pro' });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/zh/content-generator?summary_id=${gone.id}`);
    await page.getByTestId('generation-source').waitFor({ timeout: 15_000 });
    await stack.prisma.summary.delete({ where: { id: gone.id } });
    await page.getByTestId('generation-submit').click();
    const text = await expectChinese(toast(page, '任务提交失败'), '未找到该摘要');
    expect(text).not.toContain('not found');
    await page.context().close();
  }, 90_000);

  it('a newsletter signup with an address the server refuses', async () => {
    const page = await stack.newPage();
    await page.goto('/zh');
    const box = page.getByTestId('newsletter-signup');
    await box.getByText('人工智能工具', { exact: true }).click({ timeout: 15_000 });
    // Accepted by the browser's own check (no dot needed), refused by the API's.
    await box.getByLabel('邮箱地址').fill('someone@example');
    await box.getByTestId('newsletter-submit').click();
    const text = await expectChinese(box.getByTestId('newsletter-error'), '请输入有效的邮箱地址');
    expect(text).not.toContain('valid email');
    await page.context().close();
  }, 90_000);
});
