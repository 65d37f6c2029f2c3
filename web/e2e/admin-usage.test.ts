import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack, uniqueEmail } from './harness.ts';

// The admin Usage tab: totals, the daily chart, the tables and the costliest topics from the
// recorded model calls; the empty state; axe-core in English and Chinese at two widths.

let stack: Stack;
let admin: { email: string; password: string };

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.createUser({ email: uniqueEmail('usage-admin'), role: 'admin' });
  const topic = await stack.prisma.topic.create({
    data: { slug: 'usage-robots', name: 'Usage Robots', description: 'Robots' },
  });
  // Twenty days ago: inside the last 30 days, outside the last 7.
  const when = new Date(Date.now() - 20 * 86_400_000);
  const row = { provider: 'openai', model: 'gpt-4o-mini', latencyMs: 800, success: true, createdAt: when };
  await stack.prisma.aiUsage.createMany({
    data: [
      {
        ...row,
        feature: 'summary',
        inputTokens: 1200,
        outputTokens: 300,
        costMicros: 1_500_000n,
        topicId: topic.id,
      },
      { ...row, feature: 'generation', inputTokens: 400, outputTokens: 100, costMicros: 500_000n },
      { ...row, feature: 'summary', provider: 'offline', model: 'extractive', costMicros: 0n },
    ],
  });
});
afterAll(async () => {
  await stack?.stop();
});

const LANGUAGES = [
  {
    path: '/admin',
    tab: 'Usage and cost',
    week: 'Last 7 days',
    topicHeading: 'The ten most expensive topics',
  },
  { path: '/zh/admin', tab: '用量与费用', week: '最近 7 天', topicHeading: '费用最高的十个主题' },
] as const;

describe('the admin Usage tab', { timeout: 180_000 }, () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    for (const language of LANGUAGES) {
      it(`${language.path} at ${viewport.width}px`, async () => {
        const page = await stack.newPage({ viewport });
        await stack.signIn(page, admin.email, admin.password);
        await page.goto(language.path);
        await page.getByTestId('topic-card').first().waitFor({ timeout: 15_000 });
        await page.getByRole('tab', { name: language.tab }).click();
        await page.getByTestId('usage-tab').waitFor();
        await expect.poll(() => page.getByTestId('usage-total-calls').textContent()).toBe('3');
        expect(await page.getByTestId('usage-total-cost').textContent()).toContain('2.00');
        expect(await page.getByTestId('usage-total-offline').textContent()).toBe('1');
        expect(await page.getByTestId('usage-total-tokens').textContent()).toMatch(/^2,?000$/);
        // The chart is drawn by the charting library, one bar group per day.
        // Empty days draw zero-height bars: count the drawn ones.
        await expect
          .poll(() => page.getByTestId('usage-chart').locator('path.recharts-rectangle').count())
          .toBeGreaterThan(0);
        await expect
          .poll(() => page.getByTestId('usage-top-topics').locator('tbody tr').allTextContents())
          .toEqual([expect.stringContaining('Usage Robots')]);
        await page.getByRole('heading', { name: language.topicHeading }).waitFor();
        await expectAccessible(page, `${language.path} usage`);

        await page.getByText(language.week).click();
        await page.getByTestId('usage-empty').waitFor();
        expect(await page.getByTestId('usage-total-calls').textContent()).toBe('0');
        await expectAccessible(page, `${language.path} usage, empty`);
        await page.context().close();
      });
    }
  }

  it('shows the error state when the report cannot be loaded', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
    await stack.signIn(page, admin.email, admin.password);
    await page.route('**/api/admin/usage**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    await page.goto('/admin');
    await page.getByTestId('topic-card').first().waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Usage and cost' }).click();
    await page.getByTestId('usage-error').waitFor();
    await expectAccessible(page, 'usage error');
    await page.context().close();
  });
});
