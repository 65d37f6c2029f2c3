import { type FakeOpenAI, startFakeOpenAI } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { contentGenerationWorker, type Stack, startStack, uniqueEmail } from './harness.ts';

// What a generation used and the Pro monthly quota, as the reader sees them: the quota on the
// generator (used / left), the model calls and tokens of a finished task (the fake OpenAI server's
// own count), the same on the history page, and the message once the quota is spent, in EN and ZH.

let stack: Stack;
let openai: FakeOpenAI;
let summaryId: string;

beforeAll(async () => {
  openai = await startFakeOpenAI({
    chat: () => ({ content: 'Fresh copy about small open models.', hashtags: ['AI'] }),
  });
  stack = await startStack({
    gatewayEnv: { GENERATION_MONTHLY_QUOTA: '2' },
    workers: [contentGenerationWorker(openai.baseURL)],
  });
  const topic = await stack.prisma.topic.create({
    data: { slug: `usage-gen-${Date.now()}`, name: 'AI Tools' },
  });
  summaryId = (
    await stack.prisma.summary.create({
      data: {
        headline: 'Small open models are catching up',
        content: 'Benchmarks show small open models within a few points of large ones.',
        summaryType: 'blog_post',
        language: 'EN',
        sourceUrls: ['https://blog.example.com/small-models'],
        topicId: topic.id,
      },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

describe('generation usage and quota', () => {
  it('shows used / left, what a generation used, and refuses once the month is spent', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('usage-gen'),
      password: 'a-good-password',
      plan: 'pro',
    });
    const page = await stack.newPage({ viewport: { width: 390, height: 844 } });
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/content-generator?summary_id=${summaryId}`);
    const quota = page.getByTestId('generation-quota');
    await expect.poll(() => quota.textContent()).toBe('This month: 0 / 2 generations used, 2 left');
    await expectAccessible(page, 'generator with quota');

    openai.resetCounts();
    await page.getByTestId('generation-submit').click();
    const usage = page.getByTestId('generation-usage');
    await expect.poll(() => usage.isVisible(), { timeout: 30_000 }).toBe(true);
    // Two platforms checked by default: two model calls, with the tokens the server reported.
    expect(openai.counts.chatCalls).toBe(2);
    const tokens = openai.counts.promptTokens + openai.counts.completionTokens;
    const text = await usage.textContent();
    expect(text).toContain('Used 2 model calls');
    expect(text).toContain(`${tokens} tokens`);
    expect(text).toContain('gpt-4o-mini');
    expect(text).toMatch(/\$0\.\d+/);
    await expect.poll(() => quota.textContent()).toBe('This month: 1 / 2 generations used, 1 left');
    await expectAccessible(page, 'generator with usage');

    await page.goto('/content-history');
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(1);
    expect(await page.getByTestId('history-task').getByTestId('generation-usage').textContent()).toContain(
      `${tokens} tokens`,
    );
    await expectAccessible(page, 'history with usage');

    // Another task this month spends the quota: a task and its run, as the gateway writes them.
    const other = await stack.prisma.contentGenerationQueue.create({
      data: { userId: user.id, summaryId, status: 'completed', targetPlatforms: ['twitter'] },
    });
    await stack.prisma.generationRun.create({ data: { taskId: other.id, userId: user.id } });
    await page.goto(`/zh/content-generator?summary_id=${summaryId}`);
    await expect.poll(() => quota.textContent()).toBe('本月已用 2 / 2 次生成，剩余 0 次');
    await page.getByTestId('generation-submit').click();
    await expect
      .poll(() => page.getByText('本月的生成次数已用完，下月 1 日起恢复。').first().isVisible())
      .toBe(true);
    await expectAccessible(page, 'generator, quota spent (zh)');

    await page.goto(`/content-generator?summary_id=${summaryId}`);
    await page.getByTestId('generation-submit').click();
    await expect
      .poll(() =>
        page
          .getByText('You have used all of this month’s generations.', { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(openai.counts.chatCalls).toBe(2);
    await page.context().close();
  }, 120_000);

  it('shows no quota to an admin', async () => {
    const admin = await stack.createUser({
      email: uniqueEmail('usage-gen-admin'),
      password: 'a-good-password',
      role: 'admin',
    });
    const page = await stack.newPage();
    await stack.signIn(page, admin.email, admin.password);
    await page.goto(`/content-generator?summary_id=${summaryId}`);
    await expect.poll(() => page.getByTestId('generation-source').isVisible()).toBe(true);
    expect(await page.getByTestId('generation-quota').count()).toBe(0);
    await page.context().close();
  });
});
