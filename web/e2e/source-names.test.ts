import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';

// A twitter keyword source keeps the spec's stored name ("<keyword> 相关推文"): the Chinese pages
// show it, the English ones show "Tweets about <keyword>" on the cards, in the story's sources and in
// the source tree, whose filter still works by the stored name.

let stack: Stack;
let topicId = '';
const STORED = 'system design 相关推文';
const LABEL = 'Tweets about system design';

beforeAll(async () => {
  stack = await startStack();
  const prisma = stack.prisma;
  topicId = (await prisma.topic.create({ data: { slug: 'keywords', name: 'Keywords', nameZh: '关键词' } }))
    .id;
  const keyword = await prisma.datasource.create({
    data: { topicId, platform: 'twitter', sourceName: STORED, sourceUrl: 'system design' },
  });
  const blog = await prisma.datasource.create({
    data: { topicId, platform: 'blog', sourceName: 'TechWire', sourceUrl: 'https://techwire.example/feed' },
  });
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000);
  const story = await prisma.story.create({
    data: { headline: 'Caches', language: 'EN', summaryCount: 2, firstSeenAt: at(3), lastSeenAt: at(2) },
  });
  const base = { summaryType: 'twitter_rss_datasource' as const, topicId, datasourceId: keyword.id };
  await prisma.summary.createMany({
    data: [
      {
        ...base,
        language: 'EN',
        headline: 'Threads on sharding',
        content: 'People argued about sharding.',
        sourceUrls: ['https://x.com/dev/status/1'],
        createdAt: at(1),
      },
      {
        ...base,
        language: 'EN',
        storyId: story.id,
        headline: 'Cache stampedes, explained in a thread',
        content: 'A thread about cache stampedes.',
        sourceUrls: ['https://x.com/dev/status/2'],
        createdAt: at(3),
      },
      {
        ...base,
        summaryType: 'blog_post',
        datasourceId: blog.id,
        language: 'EN',
        storyId: story.id,
        headline: 'How to stop a cache stampede',
        content: 'Request coalescing stops a cache stampede.',
        sourceUrls: ['https://techwire.example/stampede'],
        createdAt: at(2),
      },
      {
        ...base,
        language: 'ZH',
        headline: '关于分片的讨论',
        content: '大家讨论了分片。',
        sourceUrls: ['https://x.com/dev/status/3'],
        createdAt: at(1),
      },
    ],
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const cards = (page: Page) => page.getByTestId('summary-card');

/** The page with the keyword source's branch of the source tree opened. */
async function openPage(path: string, cardCount: number, topicName: string) {
  const page = await stack.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(path);
  await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(cardCount);
  const tree = page.getByTestId('source-tree');
  await tree.getByText(topicName, { exact: true }).click();
  await tree.locator('[data-testid="tree-platform"][data-platform="twitter"]').click();
  await treeSources(page).first().waitFor();
  return page;
}

/** The names the source tree shows (without their counts). */
const treeSources = (page: Page) => page.getByTestId('tree-source').filter({ visible: true });
const treeNames = (page: Page) =>
  treeSources(page).evaluateAll((nodes) =>
    nodes.map((node) => node.querySelector('[data-testid="tree-source-name"]')?.textContent),
  );

describe('a keyword source on the summary page', () => {
  it('reads "Tweets about …" in English: cards, story sources and source tree, never the stored name', async () => {
    const page = await openPage(`/content-summary?topic=${topicId}`, 2, 'Keywords');
    expect(await page.getByTestId('summary-source').allTextContents()).toEqual([LABEL, 'TechWire']);
    const story = cards(page).nth(1);
    expect(await story.getByTestId('story-source-names').textContent()).toBe(LABEL);
    await story.getByTestId('story-toggle').click();
    await story.getByTestId('story-member').waitFor({ timeout: 15_000 });
    expect(await story.getByTestId('story-member-source').textContent()).toMatch(
      new RegExp(`^${LABEL} · Twitter search · `),
    );
    expect(await treeNames(page)).toEqual([LABEL]);
    expect(await page.locator('body').textContent()).not.toContain('相关推文');

    // The tree filters by the stored name: choosing the label keeps the source's own summaries.
    await treeSources(page).first().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBe(STORED);
    await expect
      .poll(() => page.getByTestId('summary-source').allTextContents(), { timeout: 15_000 })
      .toEqual([LABEL, LABEL]);
    await page.context().close();
  });

  it('shows the stored name on the Chinese page', async () => {
    const page = await openPage(`/zh/content-summary?topic=${topicId}`, 1, '关键词');
    expect(await page.getByTestId('summary-source').textContent()).toBe(STORED);
    expect(await treeNames(page)).toEqual([STORED]);
    expect(await page.locator('body').textContent()).not.toContain(LABEL);
    await page.context().close();
  });
});
