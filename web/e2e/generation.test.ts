import { GENERATION_SUMMARY_GONE_MESSAGE } from '@app/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentGenerationWorker, type Stack, startStack, uniqueEmail } from './harness.ts';

let stack: Stack;
let openai: FakeOpenAI;
let summaryId: string;
let topicId: string;

// Each platform takes longer than one 2-second poll, so the bar is seen between 0 and 100.
const LLM_DELAY_MS = 2600;

beforeAll(async () => {
  openai = await startFakeOpenAI({
    chat: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, LLM_DELAY_MS));
      const system = String(request.messages[0]?.content ?? '');
      const platform = /LinkedIn|tweet/.exec(system)?.[0] ?? 'post';
      return { content: `Fresh ${platform} copy about small open models.`, hashtags: ['AI'] };
    },
  });
  stack = await startStack({
    workers: [contentGenerationWorker(openai.baseURL)],
  });
  const topic = await stack.prisma.topic.create({
    data: { slug: `e2e-gen-${Date.now()}`, name: 'AI Tools', nameZh: 'AI 工具' },
  });
  const datasource = await stack.prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Example Blog',
      sourceUrl: 'https://blog.example.com/feed',
    },
  });
  const summary = await stack.prisma.summary.create({
    data: {
      headline: 'Small open models are catching up',
      content:
        '## Key points\n\n- **Benchmarks** this week show small open models within a few points of large commercial ones.',
      summaryType: 'blog_post',
      language: 'EN',
      sourceUrls: ['https://blog.example.com/small-models'],
      metadata: { platform: 'blog', source_name: 'Example Blog', topic_name: 'AI Tools' },
      topicId: topic.id,
      datasourceId: datasource.id,
    },
  });
  summaryId = summary.id;
  topicId = topic.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await openai?.close();
});

describe('content generator', () => {
  it('a Pro user generates for two platforms, sees the progress bar move and the results appear', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('e2e-gen'),
      password: 'a-good-password',
      plan: 'pro',
    });
    const page = await stack.newPage({ viewport: { width: 390, height: 844 } });
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/content-generator?summary_id=${summaryId}`);

    // Summary mode: configure tab, the summary shown, linkedin + twitter checked by default.
    await expect
      .poll(() => page.getByTestId('generation-source').textContent())
      .toContain('Small open models');
    // The summary's markdown reads as prose, not as its marks.
    expect(await page.getByTestId('generation-source-excerpt').textContent()).toBe(
      'Key points: Benchmarks this week show small open models within a few points of large commercial ones.',
    );
    expect(await page.getByTestId('content-generator').getAttribute('data-mode')).toBe('summary');
    expect(await page.getByRole('checkbox', { name: 'LinkedIn' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Twitter' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Reddit' }).isChecked()).toBe(false);

    await page.getByTestId('generation-submit').click();
    await expect.poll(() => page.getByText('Task submitted').first().isVisible()).toBe(true);

    // Watch the bar until it reaches 100.
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const value = await page.getByTestId('generation-progress-bar').getAttribute('data-value');
          seen.add(Number(value));
          return Number(value);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(100);
    expect([...seen].some((value) => value > 0 && value < 100)).toBe(true);

    const results = page.getByTestId('generation-result');
    await expect.poll(() => results.count(), { timeout: 10_000 }).toBe(2);
    expect(await results.nth(0).getAttribute('data-platform')).toBe('linkedin');
    expect(await results.nth(1).getAttribute('data-platform')).toBe('twitter');
    expect(await results.nth(0).textContent()).toContain('Fresh LinkedIn copy');
    await expect.poll(() => page.getByText('Generation complete').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Export' }).isVisible()).toBe(true);

    // The task is in the history with its two results.
    await page.goto('/content-history');
    await expect.poll(() => page.getByTestId('history-task').count()).toBe(1);
    expect(await page.getByTestId('history-task').getAttribute('data-status')).toBe('completed');
    expect(await page.getByTestId('history-counter-generated').textContent()).toContain('2');
    expect(await page.getByTestId('task-topic').textContent()).toBe('AI Tools');
    // In Chinese the card names the topic by its Chinese name.
    await page.goto('/zh/content-history');
    await expect.poll(() => page.getByTestId('task-topic').textContent()).toBe('AI 工具');
  }, 90_000);

  it('a Pro user generates from a summary card in the dialog, and a free user is offered the upgrade', async () => {
    const pro = await stack.createUser({
      email: uniqueEmail('e2e-gen-card'),
      password: 'a-good-password',
      plan: 'pro',
    });
    const page = await stack.newPage();
    await stack.signIn(page, pro.email, pro.password);
    await page.goto(`/content-summary?topic=${topicId}`);
    const card = page.getByTestId('summary-card').filter({ hasText: 'Small open models' });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByTestId('summary-toggle').click();
    await card.getByRole('button', { name: 'Generate content' }).click();

    // The dialog's code comes on first use: on a busy machine it takes more than the poll's default second.
    const dialog = page.getByTestId('generate-dialog');
    await expect
      .poll(() => dialog.getByText('Small open models are catching up').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'LinkedIn' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Twitter' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    const results = dialog.getByTestId('generation-result');
    await expect.poll(() => results.count(), { timeout: 30_000 }).toBe(2);
    expect(await results.nth(1).textContent()).toContain('Fresh tweet copy');
    expect(await dialog.getByTestId('generation-progress-bar').getAttribute('data-value')).toBe('100');
    await page.close();

    const free = await stack.createUser({ email: uniqueEmail('e2e-gen-free'), password: 'a-good-password' });
    const freePage = await stack.newPage();
    await stack.signIn(freePage, free.email, free.password);
    await freePage.goto(`/content-summary?topic=${topicId}`);
    const freeCard = freePage.getByTestId('summary-card').filter({ hasText: 'Small open models' });
    await expect.poll(() => freeCard.count()).toBe(1);
    await freeCard.getByTestId('summary-toggle').click();
    await freeCard.getByRole('button', { name: 'Generate content' }).click();
    await expect.poll(() => freePage.getByTestId('upgrade-dialog').isVisible()).toBe(true);
    expect(await freePage.getByTestId('generate-dialog').count()).toBe(0);
  }, 90_000);

  it('explains a failed task in the page language, with the model error as an English detail', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('e2e-gen-failed'),
      password: 'a-good-password',
      plan: 'pro',
    });
    const failed = {
      userId: user.id,
      status: 'failed' as const,
      targetPlatforms: ['twitter'],
      completedAt: new Date(),
    };
    await stack.prisma.contentGenerationQueue.create({
      data: {
        ...failed,
        summaryId,
        errorMessage: '500 model overloaded',
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    await stack.prisma.contentGenerationQueue.create({
      data: { ...failed, errorMessage: GENERATION_SUMMARY_GONE_MESSAGE },
    });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto('/zh/content-history');
    const failures = page.getByTestId('generation-failure');
    await expect.poll(() => failures.count()).toBe(2);
    expect(await failures.nth(0).textContent()).toBe('这条摘要已被删除，无法为它生成文案。');
    expect(await failures.nth(1).textContent()).toBe('写作模型多次尝试后仍未响应，请过几分钟再试。');
    const detail = page.getByTestId('generation-failure-detail');
    expect(await detail.count()).toBe(1);
    expect(await detail.textContent()).toBe('详情：500 model overloaded');
    expect(await detail.getAttribute('lang')).toBe('en');
    await page.goto('/content-history');
    await expect
      .poll(() => failures.nth(1).textContent())
      .toBe('The writing model did not answer after several tries. Try again in a few minutes.');
  });

  it('shows the Chinese generator to a Pro user', async () => {
    const user = await stack.createUser({
      email: uniqueEmail('e2e-gen-zh'),
      password: 'a-good-password',
      plan: 'pro',
    });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/zh/content-generator?summary_id=${summaryId}`);
    await expect.poll(() => page.getByText('内容生成器').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: '小红书' }).isVisible()).toBe(true);
  }, 60_000);

  it('tells a free user generation is a Pro feature', async () => {
    const user = await stack.createUser({ email: uniqueEmail('e2e-gen-free'), password: 'a-good-password' });
    const page = await stack.newPage();
    await stack.signIn(page, user.email, user.password);
    await page.goto(`/content-generator?summary_id=${summaryId}`);
    await expect.poll(() => page.getByTestId('pro-required').isVisible()).toBe(true);
  }, 60_000);
});
