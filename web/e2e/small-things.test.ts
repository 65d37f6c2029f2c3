import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';

// Small things a reader notices: the footer's year, each platform named once on a topic card, and
// summary excerpts that read as sentences rather than markdown with its marks stripped.

let stack: Stack;
let topicId: string;
const TOPIC = 'Zz Tiny Details';

const EN_CONTENT = [
  '### Key points',
  '- **What changed**: a new [Responses API](https://example.com/api) for agents',
  '- *Why it matters*: tool calls need no hand-written loop',
].join('\n');
const EN_EXCERPT =
  'Key points: What changed: a new Responses API for agents; Why it matters: tool calls need no hand-written loop';
const ZH_CONTENT = [
  '### 要点',
  '- **发布内容**：面向智能体的新 API',
  '- *意义*：工具调用不再需要手写循环',
].join('\n');
const ZH_EXCERPT = '要点：发布内容：面向智能体的新 API；意义：工具调用不再需要手写循环';

beforeAll(async () => {
  stack = await startStack();
  const topic = await stack.prisma.topic.create({
    data: {
      slug: 'zz-tiny-details',
      name: TOPIC,
      nameZh: '细节',
      description: 'Details',
      descriptionZh: '细节',
    },
  });
  topicId = topic.id;
  // Keyword Twitter ("Twitter search") and Twitter RSS ("Twitter") keep their one name each.
  const sources = await Promise.all(
    (['twitter', 'twitter_rss', 'reddit'] as const).map((platform) =>
      stack.prisma.datasource.create({
        data: {
          topicId,
          platform,
          sourceName: `Tiny ${platform}`,
          sourceUrl: `https://example.com/${platform}`,
        },
      }),
    ),
  );
  await stack.prisma.summary.createMany({
    data: sources.flatMap((source, i) => [
      {
        topicId,
        datasourceId: source.id,
        language: 'EN' as const,
        summaryType: 'blog_post' as const,
        headline: i === 0 ? '' : `Tiny news ${i}`,
        content: EN_CONTENT,
      },
      {
        topicId,
        datasourceId: source.id,
        language: 'ZH' as const,
        summaryType: 'blog_post' as const,
        headline: '',
        content: ZH_CONTENT,
      },
    ]),
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const copyright = (page: Page) => page.getByTestId('footer-copyright').textContent();

describe('the footer', () => {
  it('says this year, in English and Chinese', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const year = new Date().getFullYear();
    await expect.poll(() => copyright(page)).toContain(`© ${year} Daily Curated`);
    await page.goto('/zh');
    await expect.poll(() => copyright(page)).toContain(`© ${year} 每日精选`);
    await page.context().close();
  });

  it('takes the year from the clock, not from the text', async () => {
    const page = await stack.newPage();
    await page.clock.setFixedTime(new Date('2031-03-01T12:00:00Z'));
    await page.goto('/');
    await expect.poll(() => copyright(page)).toBe('Copyright © 2031 Daily Curated. All rights reserved.');
    await page.goto('/zh');
    await expect.poll(() => copyright(page)).toBe('Copyright © 2031 每日精选。保留所有权利。');
    await page.context().close();
  });
});

describe('a topic card on the home page', () => {
  it('names each platform once, in the spec order', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    const card = page.locator('[data-testid="topic-card"][data-topic="zz-tiny-details"]');
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByTestId('topic-count').textContent()).toBe('3 items');
    expect(await card.getByTestId('topic-platform').allTextContents()).toEqual([
      'Twitter search',
      'Twitter',
      'Reddit',
    ]);
    await page.context().close();
  });
});

describe('summary cards', () => {
  it('show excerpts as sentences, with Chinese punctuation in Chinese', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.locator('[data-testid="topic-card"][data-topic="zz-tiny-details"]').click();
    await page.waitForURL(/\/content-summary\?/);
    await expect.poll(() => page.getByTestId('summary-excerpt').count(), { timeout: 15_000 }).toBe(3);
    expect(new Set(await page.getByTestId('summary-excerpt').allTextContents())).toEqual(
      new Set([EN_EXCERPT]),
    );

    await page.goto(`/zh/content-summary?topic=${topicId}`);
    await expect.poll(() => page.getByTestId('summary-excerpt').count(), { timeout: 15_000 }).toBe(3);
    expect(new Set(await page.getByTestId('summary-excerpt').allTextContents())).toEqual(
      new Set([ZH_EXCERPT]),
    );
    await page.context().close();
  });
});
