import { loadDigestContent, renderDigestTemplate } from '@app/digest';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { type Stack, startStack } from './harness.ts';

// A digest entry's "Read on Daily Curated" link opens that entry's summary on the site, in the
// digest's language: the card shown in full and in view, even when the list would put it on page 2.

let stack: Stack;
let topicId = '';
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  topicId = (await prisma.topic.create({ data: { slug: 'opened', name: 'Opened', nameZh: '打开' } })).id;
  const outlet = (name: string, language: 'EN' | 'ZH' = 'EN') =>
    prisma.datasource.create({
      data: {
        topicId,
        platform: 'blog',
        sourceName: name,
        sourceUrl: `https://${name}.example/feed`,
        language,
      },
    });
  const [wire, daily, zhWire] = [await outlet('wire'), await outlet('daily'), await outlet('zhwire', 'ZH')];
  const story = await prisma.story.create({
    data: { headline: 'Quantum', language: 'EN', summaryCount: 2, firstSeenAt: at(9), lastSeenAt: at(8) },
  });
  const base = { summaryType: 'blog_post' as const, topicId };
  await prisma.summary.createMany({
    data: [
      {
        ...base,
        language: 'EN',
        storyId: story.id,
        datasourceId: wire.id,
        headline: 'First word of the quantum chip',
        content: 'An early report.',
        sourceUrls: ['https://wire.example/quantum'],
        createdAt: at(9),
      },
      {
        // The story's newest report: the one its digest entry shows, so the one its link opens.
        ...base,
        language: 'EN',
        storyId: story.id,
        datasourceId: daily.id,
        headline: 'A quantum chip reaches 1,000 qubits',
        content: '## What happened\n\nThe lab **doubled** its qubit count.',
        sourceUrls: ['https://daily.example/quantum'],
        createdAt: at(8),
      },
      {
        ...base,
        language: 'EN',
        datasourceId: wire.id,
        headline: 'Robots learn to fold laundry',
        content: 'A single report about robots.',
        sourceUrls: ['https://wire.example/robots'],
        createdAt: at(7),
      },
      // Newer than both: the list's first page is full before they come.
      ...Array.from({ length: 30 }, (_, i) => ({
        ...base,
        language: 'EN' as const,
        datasourceId: wire.id,
        headline: `Filler ${i}`,
        content: `Filler story ${i}.`,
        sourceUrls: [`https://wire.example/filler-${i}`],
        createdAt: at(1 + i / 10),
      })),
      {
        ...base,
        language: 'ZH',
        datasourceId: zhWire.id,
        headline: '量子芯片突破一千量子比特',
        content: '实验室把量子比特数量翻了一番。',
        sourceUrls: ['https://zhwire.example/quantum'],
        createdAt: at(8),
      },
    ],
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The digest as the mailer renders it, and the "read" link of the entry with `headline`. */
async function digestLink(language: 'en' | 'zh', headline: string) {
  const content = await loadDigestContent(stack.prisma, {
    language,
    topicIds: [topicId],
    from: at(24),
    to: at(-1),
    date: new Date().toISOString().slice(0, 10),
    perTopic: 50,
  });
  const { text } = await renderDigestTemplate(content, stack.publicUrl);
  const lines = text.split('\n');
  const entry = lines.indexOf(`* ${headline}`);
  expect(entry).toBeGreaterThanOrEqual(0);
  const label = language === 'zh' ? '在每日精选阅读' : 'Read on Daily Curated';
  const read = lines.slice(entry).find((line) => line.trim().startsWith(`${label}: `));
  return read!.trim().slice(label.length + 2);
}

const isInView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return top >= 0 && bottom > 0 && top < (globalThis as unknown as { innerHeight: number }).innerHeight;
  });

describe('a digest link', () => {
  it('opens the summary a story entry shows, in full and in view, with a way back to the list', async () => {
    const href = await digestLink('en', 'A quantum chip reaches 1,000 qubits');
    expect(href).toMatch(new RegExp(`^${stack.publicUrl}/content-summary\\?summary=[0-9a-f-]{36}$`));
    const page = await stack.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(href);
    const card = page.getByTestId('summary-opened').getByTestId('summary-card');
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('summary-card').count()).toBe(1);
    expect(await card.getAttribute('data-expanded')).toBe('true');
    expect(await card.textContent()).toContain('A quantum chip reaches 1,000 qubits');
    expect(await card.locator('strong').textContent()).toBe('doubled');
    expect(await card.getByTestId('summary-source').textContent()).toBe('daily');
    await expect.poll(() => isInView(page, 'summary-opened')).toBe(true);
    await expectAccessible(page, 'one summary opened');

    await page.getByTestId('summary-show-all').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByTestId('summary-card').count(), { timeout: 15_000 }).toBe(25);
    expect(await page.getByTestId('summary-opened').count()).toBe(0);
    await page.context().close();
  });

  it('opens a single-summary entry the same way', async () => {
    const href = await digestLink('en', 'Robots learn to fold laundry');
    const page = await stack.newPage({ viewport: { width: 390, height: 700 } });
    await page.goto(href);
    const card = page.getByTestId('summary-opened').getByTestId('summary-card');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('A single report about robots.');
    await expect.poll(() => isInView(page, 'summary-opened')).toBe(true);
    await page.context().close();
  });

  it('in Chinese: the /zh page opens the Chinese summary', async () => {
    const href = await digestLink('zh', '量子芯片突破一千量子比特');
    expect(href.startsWith(`${stack.publicUrl}/zh/content-summary?summary=`)).toBe(true);
    const page = await stack.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(href);
    const card = page.getByTestId('summary-opened').getByTestId('summary-card');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('实验室把量子比特数量翻了一番。');
    expect(await page.getByTestId('summary-show-all').textContent()).toBe('全部摘要');
    await page.context().close();
  });
});

describe('the summary list', () => {
  it('draws its first cards at once and the rest after, with what is below it kept out of view', async () => {
    const page = await stack.newPage({ viewport: { width: 1280, height: 720 } });
    // Each change to the list, as it happens: how many cards, and whether the footer is on screen.
    await page.addInitScript(() => {
      const w = globalThis as unknown as {
        steps: { cards: number; footerInView: boolean }[];
        document: {
          querySelectorAll: (selector: string) => { length: number };
          querySelector: (selector: string) => { getBoundingClientRect: () => { top: number } } | null;
        };
        innerHeight: number;
        MutationObserver: new (
          callback: () => void,
        ) => { observe: (target: unknown, options: { childList: boolean; subtree: boolean }) => void };
      };
      w.steps = [];
      new w.MutationObserver(() => {
        const cards = w.document.querySelectorAll(
          '[data-testid="summary-list"] [data-testid="summary-card"]',
        );
        const last = w.steps[w.steps.length - 1];
        if (cards.length === 0 || last?.cards === cards.length) return;
        const footer = w.document.querySelector('footer')?.getBoundingClientRect();
        w.steps.push({ cards: cards.length, footerInView: Boolean(footer && footer.top < w.innerHeight) });
      }).observe(w.document, { childList: true, subtree: true });
    });
    await page.goto(`${stack.publicUrl}/content-summary`);
    await expect.poll(() => page.getByTestId('summary-card').count(), { timeout: 15_000 }).toBe(25);
    const steps = await page.evaluate(
      () => (globalThis as unknown as { steps: { cards: number; footerInView: boolean }[] }).steps,
    );
    expect(steps[0]!.cards).toBe(4);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.map((step) => step.cards)).toEqual(
      [...steps.map((step) => step.cards)].sort((a, b) => a - b),
    );
    expect(steps.filter((step) => step.footerInView)).toEqual([]);
    await page.context().close();
  });
});
