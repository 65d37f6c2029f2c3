import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// What a user sees of the gateway's limits (services/gateway/test/security/README.md, "Limits"): the
// generator explains a 429 in the user's language, and the admin pages through the source submissions.
// No content-generation worker runs here, so a task stays waiting.

let stack: Stack;
let summaryId: string;

beforeAll(async () => {
  stack = await startStack({ gatewayEnv: { GENERATION_MAX_PENDING_PER_USER: '1' } });
  const summary = await stack.prisma.summary.create({
    data: {
      headline: 'Small open models are catching up',
      content: 'Benchmarks this week show small open models within a few points of large ones.',
      summaryType: 'blog_post',
      language: 'EN',
    },
  });
  summaryId = summary.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function seeText(page: Page, text: string) {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

describe('generator at the waiting-task cap', () => {
  for (const { language, path, title, message } of [
    {
      language: 'en',
      path: '/content-generator',
      title: 'Slow down',
      message:
        'You already have the most tasks waiting in the queue. Try again once one of them has started.',
    },
    {
      language: 'zh',
      path: '/zh/content-generator',
      title: '请稍后再试',
      message: '排队中的任务已达上限，请等其中一个开始处理后再试。',
    },
  ]) {
    it(`says why the task was refused (${language})`, async () => {
      const user = await stack.createUser({ email: uniqueEmail(`e2e-cap-${language}`), plan: 'pro' });
      // One task already waiting: the cap here is 1.
      await stack.prisma.contentGenerationQueue.create({
        data: { userId: user.id, summaryId, style: 'engaging', targetPlatforms: ['twitter'] },
      });
      const page = await stack.newPage();
      await stack.signIn(page, user.email, user.password);
      await page.goto(`${path}?summary_id=${summaryId}`);
      await expect
        .poll(() => page.getByTestId('generation-source').textContent(), { timeout: 15_000 })
        .toContain('Small open models');
      await page.getByTestId('generation-submit').click();
      await seeText(page, title);
      await seeText(page, message);
      expect(await stack.prisma.contentGenerationQueue.count({ where: { userId: user.id } })).toBe(1);
      await page.context().close();
    }, 60_000);
  }
});

describe('admin source submissions, a page at a time', () => {
  for (const { language, path, tab, rejected, first, last, next } of [
    {
      language: 'en',
      path: '/admin',
      tab: 'Source suggestions',
      rejected: 'Rejected',
      first: '1–20 of 25',
      last: '21–25 of 25',
      next: 'Next page',
    },
    {
      language: 'zh',
      path: '/zh/admin',
      tab: '来源提交',
      rejected: '已拒绝',
      first: '第 1–20 条，共 25 条',
      last: '第 21–25 条，共 25 条',
      next: '下一页',
    },
  ]) {
    it(`pages through 25 submissions (${language})`, async () => {
      const admin = await stack.createUser({ email: uniqueEmail(`e2e-admin-${language}`), role: 'admin' });
      const tag = `${language}-${Date.now().toString(36)}`;
      // The list counts every submission: this language's 25 alone.
      await stack.prisma.sourceSubmission.deleteMany({});
      await stack.prisma.sourceSubmission.createMany({
        data: Array.from({ length: 25 }, (_, i) => ({
          userId: admin.id,
          platform: 'blog',
          url: `https://paged-${tag}.example.com/feed-${i}`,
          status: 'rejected' as const,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      });
      const page = await stack.newPage();
      await stack.signIn(page, admin.email, admin.password);
      await page.goto(path);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(rejected, { exact: true }).click();
      const cards = page.getByTestId('submission-card').filter({ hasText: `paged-${tag}` });
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(20);
      await expect.poll(() => page.getByTestId('submissions-range').textContent()).toContain(first);
      expect(await cards.first().textContent()).toContain('feed-24');
      await page.getByRole('button', { name: next }).click();
      await expect.poll(() => page.getByTestId('submissions-range').textContent()).toContain(last);
      await expect.poll(() => cards.count()).toBe(5);
      expect(await cards.last().textContent()).toContain('feed-0');
      await page.context().close();
    }, 60_000);
  }
});
